import Testing
@testable import Streams

// The run pulled by its consumer (`ProducerPullRun`), which `values` iterates: a sequence source
// and the fused stages on it keep one, and stepping it to the end sends exactly the events that
// starting the producer sends.

/// The events of a run of `producer` started with `start`.
private func pushedEvents<Value, Error>(of producer: SignalProducer<Value, Error>) -> [Signal<Value, Error>.Event] {
    let log = EventLog<Value, Error>()
    producer.start(log.observer)
    return log.events
}

/// The events of a pulled run of `producer`, stepped until it ends; `nil` if it has no pulled run.
private func pulledEvents<Value, Error>(of producer: SignalProducer<Value, Error>) -> [Signal<Value, Error>.Event]? {
    guard let pullRun = producer.startPullRun else { return nil }
    let log = EventLog<Value, Error>()
    let step = pullRun { _ in log.observer }
    while step() {}
    #expect(!step(), "a step after the end does nothing")
    return log.events
}

private struct Oops: Error, Equatable {}

/// 1, 2, 3 ... up to `count`, counting the elements pulled.
private struct Counted: Sequence {
    let count: Int
    let pulls: TestCounter

    func makeIterator() -> AnyIterator<Int> {
        var next = 1
        return AnyIterator {
            guard next <= count else { return nil }
            pulls.increment()
            defer { next += 1 }
            return next
        }
    }
}

@Suite("SignalProducer: runs pulled by their consumer")
struct PullRunTests {
    @Test("stepping a pulled run to its end sends what start sends, through every kind of fused stage")
    func sameEventsAsStart() {
        let source = SignalProducer<Int, Oops>(1...10)
        let chains: [SignalProducer<Int, Oops>] = [
            source,
            SignalProducer<Int, Oops>([Int]()),
            SignalProducer<Int, Oops>(value: 4),
            SignalProducer<Int, Oops>(values: 1, 2, 3),
            source.map { $0 * 3 }.filter { $0 % 2 == 0 }.compactMap { $0 == 6 ? nil : $0 },
            source.take(first: 3),
            source.take(while: { $0 < 5 }),
            source.take(last: 2),
            source.skip(first: 7),
            source.scan(0, +),
            source.reduce(0, +),
            source.map { $0 / 3 }.skipRepeats(),
            source.map { $0 % 4 }.uniqueValues(),
            source.attemptMap { value -> Result<Int, Oops> in value == 5 ? .failure(Oops()) : .success(value) },
            source.collect(count: 3).map { $0.reduce(0, +) },
            source.collect().map(\.count),
            source.combinePrevious(0).map { $0.0 * 100 + $0.1 },
            source.materialize().map { $0.value ?? -1 }.promoteError(Oops.self),
            source.on(value: { _ in }).take(first: 4).map { $0 + 1 },
            source.take(first: 2).concat(source),   // not fused: no pulled run
        ]
        for (index, chain) in chains.enumerated() {
            let pushed = pushedEvents(of: chain)
            if index == chains.count - 1 {
                #expect(chain.startPullRun == nil)
                continue
            }
            #expect(pulledEvents(of: chain) == pushed, "chain \(index)")
        }
    }

    @Test("each step pulls one element; a stage that ends the run pulls no element more")
    func oneElementPerStep() {
        let pulls = TestCounter()
        let producer = SignalProducer<Int, Never>(Counted(count: 100, pulls: pulls)).map { $0 * 2 }.take(first: 3)
        let log = EventLog<Int, Never>()
        guard let step = producer.startPullRun?({ _ in log.observer }) else {
            Issue.record("no pulled run")
            return
        }
        #expect(pulls.value == 0)
        #expect(step())
        #expect(pulls.value == 1)
        #expect(log.events == [.value(2)])
        #expect(step())
        #expect(step() == false)   // the third value ends the run
        #expect(pulls.value == 3)
        #expect(log.events == [.value(2), .value(4), .value(6), .completed])
    }

    @Test("a step after the handle was disposed sends interrupted through the stages, without pulling")
    func disposedHandle() {
        let pulls = TestCounter()
        var interruptions = 0
        let producer = SignalProducer<Int, Never>(Counted(count: 100, pulls: pulls))
            .on(interrupted: { interruptions += 1 })
            .map { $0 + 1 }
        let log = EventLog<Int, Never>()
        var handle: Disposable?
        guard let step = producer.startPullRun?({ interruptHandle in
            handle = interruptHandle
            return log.observer
        }) else {
            Issue.record("no pulled run")
            return
        }
        #expect(step())
        handle?.dispose()
        #expect(step() == false)
        #expect(pulls.value == 1)
        #expect(interruptions == 1)
        #expect(log.events == [.value(2), .interrupted])
    }

    @Test("only sequence sources and the fused stages on them have a pulled run")
    func whichProducers() {
        let source = SignalProducer<Int, Never>([1, 2])
        #expect(source.startPullRun != nil)
        #expect(source.map { $0 }.named("n").startPullRun != nil)
        #expect(source.on(starting: {}).startPullRun == nil)
        #expect(SignalProducer<Int, Never> { _, _ in }.map { $0 }.startPullRun == nil)
        #expect(source.observe(on: ImmediateScheduler()).startPullRun == nil)
        #expect(MutableProperty(1).producer.startPullRun == nil)
        #expect(source.flatMap(.latest) { SignalProducer(value: $0) }.startPullRun == nil)
    }
}
