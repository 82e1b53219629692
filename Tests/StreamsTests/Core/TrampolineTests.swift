import Foundation
import Testing
@testable import Streams
import TestSupport

@Suite("Sequencing trampoline")
struct SequencingTrampolineTests {
    @Test("a producer started by an observer deep inside nested runs still delivers before start returns",
          arguments: 1...(2 * SequencingTrampoline.maximumDepth + 1))
    func startFromDeepInside(_ links: Int) {
        // `then`s each around the rest: the innermost value reaches the observer below from the
        // drain of the innermost run, at every depth of the trampoline, its limit included.
        var chain = SignalProducer<Int, Never>(value: 0)
        for link in 1...links { chain = SignalProducer<Int, Never>(value: link).then(chain) }
        let inner = SignalProducer<Int, Never>([1, 2]).concat(value: 3).repeat(2)
        let nested = chain
        let result = runWithDeadline {
            var seenDuringStart: [Int] = []
            var firstValue: Int?
            nested.start { event in
                guard event.value != nil else { return }
                inner.start { if let value = $0.value { seenDuringStart.append(value) } }
                if case let .success(value)? = inner.then(SignalProducer(value: 42)).first() { firstValue = value }
            }
            return (seenDuringStart, firstValue)
        }
        #expect(result?.0 == [1, 2, 3, 1, 2, 3])
        #expect(result?.1 == 42)
    }

    @Test("what a run for values only sets off deep inside nested runs happens before startWithValues returns",
          arguments: 1...(2 * SequencingTrampoline.maximumDepth + 1))
    func startWithValuesFromDeepInside(_ links: Int) {
        // The values of a source and its map, through `startWithValues` (a run for values only),
        // each start an inner producer through a concat-flattened pipe: the flattening's drains
        // run before `startWithValues` returns, at every depth of the trampoline.
        var chain = SignalProducer<Int, Never>(value: 0)
        for link in 1...links { chain = SignalProducer<Int, Never>(value: link).then(chain) }
        let nested = chain
        let source = SignalProducer<Int, Never>([1, 2]).map { $0 * 10 }
        let result = runWithDeadline { () -> [[Int]] in
            let (outer, input) = Signal<SignalProducer<Int, Never>, Never>.pipe()
            var flattened: [Int] = []
            outer.flatten(.concat).observeValues { flattened.append($0) }
            var seenAtReturn: [[Int]] = []
            nested.start { event in
                guard event.value != nil else { return }
                let before = flattened.count
                source.startWithValues { value in input.send(value: SignalProducer([value, value + 1])) }
                seenAtReturn.append(Array(flattened[before...]))
            }
            return seenAtReturn
        }
        #expect(result == [[10, 11, 20, 21]])
    }
}
