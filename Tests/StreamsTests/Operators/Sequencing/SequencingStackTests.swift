import Foundation
import Testing
@testable import Streams
import TestSupport

// Constant stack: every test runs on a thread with a 256 KiB stack, where one frame per
// repetition, retry or link of a chain would overflow and crash the test process.

/// Releases `box`'s producer on a thread with a large stack. A chain of nested producers is a
/// chain of nested closures, and Swift releases nested closures recursively: that is the value's
/// teardown, not the run this suite is about.
private func releaseOnLargeStack<T>(_ box: TestBox<T?>) {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.value = nil
        done.signal()
    }
    thread.stackSize = 256 << 20
    thread.start()
    done.wait()
}

@Suite("Sequencing in constant stack")
struct SequencingStackTests {
    @Test("repeat over deepCount repetitions of a synchronous one-value producer")
    func deepRepeat() {
        let count = deepCount
        let finished = runWithSmallStack {
            var values = 0
            var last: Signal<Int, Never>.Event?
            SignalProducer<Int, Never>(value: 1).repeat(count).start { event in
                if event.value != nil { values += 1 } else { last = event }
            }
            #expect(values == count)
            #expect(last == .completed)
        }
        #expect(finished, "did not finish in time")
    }

    @Test("retry(upTo:) of a synchronously failing producer, deepCount times")
    func deepRetry() {
        let count = deepCount
        let finished = runWithSmallStack {
            let starts = TestCounter()
            let events = eventsDuringStart(of: countedProducer([], starts: starts).retry(upTo: count))
            #expect(events == [.failed(.first)])
            #expect(starts.value == count + 1)
        }
        #expect(finished, "did not finish in time")
    }

    @Test("retry(upTo:) then repeat: a failing attempt every other time, nested operators")
    func nestedRetryAndRepeat() {
        let count = deepCount / 10
        let finished = runWithSmallStack {
            let attempts = TestCounter()
            let flaky = SignalProducer<Int, TestError> {
                attempts.increment().isMultiple(of: 2) ? .success(1) : .failure(.first)
            }
            var values = 0
            var last: Signal<Int, TestError>.Event?
            flaky.retry(upTo: 1).repeat(count).start { event in
                if event.value != nil { values += 1 } else { last = event }
            }
            #expect(values == count)
            #expect(last == .completed)
            #expect(attempts.value == 2 * count)
        }
        #expect(finished, "did not finish in time")
    }

    @Test("a chain built with then, each link on the previous one", .offCooperativePool, arguments: [false, true])
    func leftNestedThen(_ asynchronousEnd: Bool) {
        let links = 20_000
        let box = TestBox<SignalProducer<Int, Never>?>(nil)
        // Built in the box only: a local variable holding the chain would release it here.
        box.value = SignalProducer<Int, Never>(value: 0)
        for link in 1...links { box.value = box.value!.then(SignalProducer(value: link)) }
        let (trigger, triggerInput) = Signal<Int, Never>.pipe()
        // The asynchronous variant ends the chain with a producer that waits for a signal, so the
        // whole nest unwinds from a send rather than from inside `start`.
        if asynchronousEnd { box.value = box.value!.then(SignalProducer(trigger).take(first: 1)) }
        let finished = runWithSmallStack {
            var events: [Signal<Int, Never>.Event] = []
            box.value!.start { events.append($0) }
            if asynchronousEnd {
                #expect(events.isEmpty)
                triggerInput.send(value: -1)
                #expect(events == [.value(-1), .completed])
            } else {
                #expect(events == [.value(links), .completed])
            }
        }
        #expect(finished, "did not finish in time")
        releaseOnLargeStack(box)
    }

    @Test("a chain built with then, each link around the rest, ending with a completion", .offCooperativePool)
    func rightNestedThen() {
        // Each link is a run of its own inside the previous one. The starts and the completion
        // cross the links through the trampoline. (A value sent by the innermost producer would
        // cross one observer per link, as through any stack of operators.)
        let links = 20_000
        let box = TestBox<SignalProducer<Int, Never>?>(nil)
        let starts = TestCounter()
        box.value = SignalProducer<Int, Never>.empty
        for _ in 0..<links {
            box.value = SignalProducer<Int, Never> { starts.increment(); return 0 }.then(box.value!)
        }
        let finished = runWithSmallStack {
            let events = eventsDuringStart(of: box.value!)
            #expect(events == [.completed])
            #expect(starts.value == links)
        }
        #expect(finished, "did not finish in time")
        releaseOnLargeStack(box)
    }

    @Test("long concat and prefix chains of producers that only complete", .offCooperativePool)
    func concatChains() {
        // As with `then`, a value sent deep inside a nest of n concatenations crosses n
        // observers on its way out; the starts and completions here cross the links through the
        // trampoline.
        let links = 20_000
        let box = TestBox<SignalProducer<Int, TestError>?>(nil)
        let prefixed = TestBox<SignalProducer<Int, TestError>?>(.empty)
        let starts = TestCounter()
        let link = countedProducer([], then: .completed, starts: starts)
        for _ in 0..<links { prefixed.value = prefixed.value!.prefix(link) }
        box.value = .empty
        for _ in 0..<links { box.value = box.value!.concat(link) }
        box.value = box.value!.concat(prefixed.value!).concat(value: 1)
        prefixed.value = nil
        let finished = runWithSmallStack {
            #expect(eventsDuringStart(of: box.value!) == [.value(1), .completed])
            #expect(starts.value == 2 * links)
        }
        #expect(finished, "did not finish in time")
        releaseOnLargeStack(box)
    }
}
