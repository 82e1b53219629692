import Foundation
import Testing
@testable import Streams

extension ConcurrencySuites {
    @Suite("Flatten Concurrency")
    struct FlattenConcurrencyTests {
        @Test("inner streams sending from several threads into merge lose no value and never overlap")
        func mergeFromThreads() {
            let threads = 4
            let perThread = 5_000
            let (outer, outerInput) = Signal<Signal<Int, Never>, Never>.pipe()
            let detector = OverlapDetector()
            let received = TestBox<[Int]>([])
            let completed = TestCounter()
            outer.flatten(.merge).observe { event in
                detector.enter()
                _ = spin(20)
                switch event {
                case let .value(value): received.value.append(value)
                case .completed: completed.increment()
                default: break
                }
                detector.leave()
            }
            let pipes = (0..<threads).map { _ in Signal<Int, Never>.pipe() }
            for pipe in pipes { outerInput.send(value: pipe.output) }
            outerInput.sendCompleted()
            let done = pipes.enumerated().map { index, pipe in
                onNewThread {
                    for i in 0..<perThread { pipe.input.send(value: index * perThread + i) }
                    pipe.input.sendCompleted()
                }
            }
            for semaphore in done { semaphore.wait() }
            #expect(waitUntil { completed.value == 1 })
            #expect(detector.overlaps == 0)
            #expect(received.value.count == threads * perThread)
            #expect(Set(received.value) == Set(0..<(threads * perThread)))
            // Each inner stream's values keep their order.
            for index in 0..<threads {
                let own = received.value.filter { $0 / perThread == index }
                #expect(own == Array((index * perThread)..<((index + 1) * perThread)))
            }
        }

        @Test("latest never delivers a replaced inner stream's value after the newer one's")
        func latestFromThreads() {
            let rounds = 200
            let (outer, outerInput) = Signal<Int, Never>.pipe()
            let pipes = (0..<rounds).map { _ in Signal<Int, Never>.pipe() }
            let detector = OverlapDetector()
            let received = TestBox<[Int]>([])
            outer.flatMap(.latest) { pipes[$0].output.producer }.observeValues { value in
                detector.enter()
                received.value.append(value)
                detector.leave()
            }
            let stop = TestCounter()
            let senders = (0..<2).map { _ in
                onNewThread {
                    var round = 0
                    while stop.value == 0 {
                        pipes[round % rounds].input.send(value: round % rounds)
                        round += 1
                    }
                }
            }
            for round in 0..<rounds {
                outerInput.send(value: round)
                _ = spin(2_000)
            }
            stop.increment()
            for semaphore in senders { semaphore.wait() }
            #expect(detector.overlaps == 0)
            // Values come from inner streams in the order they became the latest.
            #expect(received.value == received.value.sorted())
        }
    }
}
