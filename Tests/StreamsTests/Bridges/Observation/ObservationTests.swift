import Observation
import Streams
import Testing
import TestSupport

@Observable private final class Team {
    var name = "red"
    var captain = Member(score: 0)
}

@Observable private final class Member {
    var score: Int

    init(score: Int) {
        self.score = score
    }
}

/// Collects the events of a run.
private final class Recorder<Value> {
    var values: [Value] = []
    var completed = false
    var interrupted = false

    func observer() -> Signal<Value, Never>.Observer {
        Signal<Value, Never>.Observer { [self] event in
            switch event {
            case let .value(value): values.append(value)
            case .completed: completed = true
            case .interrupted: interrupted = true
            }
        }
    }
}

@Suite("SignalProducer(observing:): a producer of an @Observable object's key path")
struct ObservationProducerTests {
    @Test("a key path through a nested observable follows both the inner property and the replacement of the object holding it")
    func nestedKeyPath() {
        let scheduler = TestScheduler()
        let team = Team()
        let recorder = Recorder<Int>()
        SignalProducer(observing: team, \.captain.score, on: scheduler).start(recorder.observer())
        #expect(recorder.values == [0])

        team.captain.score = 5
        scheduler.advance()
        #expect(recorder.values == [0, 5])

        let former = team.captain
        team.captain = Member(score: 9)
        scheduler.advance()
        #expect(recorder.values == [0, 5, 9])

        former.score = 100
        scheduler.advance()
        #expect(recorder.values == [0, 5, 9], "the replaced member is no longer tracked")
        team.captain.score = 10
        scheduler.advance()
        #expect(recorder.values == [0, 5, 9, 10])
    }

    @Test("changes to properties the key path does not read send nothing")
    func untrackedChanges() {
        let scheduler = TestScheduler()
        let team = Team()
        let recorder = Recorder<Int>()
        SignalProducer(observing: team, \.captain.score, on: scheduler).start(recorder.observer())
        team.name = "blue"
        scheduler.advance()
        #expect(recorder.values == [0])
    }

    @Test("every start is a run of its own, starting from the value at that time")
    func eachStartReadsAnew() {
        let scheduler = TestScheduler()
        let team = Team()
        let producer = SignalProducer(observing: team, \.name, on: scheduler)
        let first = Recorder<String>()
        producer.start(first.observer())
        team.name = "blue"
        scheduler.advance()
        let second = Recorder<String>()
        producer.start(second.observer())
        team.name = "green"
        scheduler.advance()
        #expect(first.values == ["red", "blue", "green"])
        #expect(second.values == ["blue", "green"])
    }

    @Test("disposing a run stops it: later changes send nothing, and the observer is released")
    func disposal() {
        let scheduler = TestScheduler()
        let team = Team()
        weak var weakRecorder: Recorder<String>?
        let run: Disposable = {
            let recorder = Recorder<String>()
            weakRecorder = recorder
            return SignalProducer(observing: team, \.name, on: scheduler).start(recorder.observer())
        }()
        team.name = "blue"
        scheduler.advance()
        #expect(weakRecorder?.values == ["red", "blue"])

        team.name = "green"
        run.dispose()
        scheduler.advance()
        #expect(weakRecorder?.values == nil || weakRecorder?.values == ["red", "blue"])
        #expect(weakRecorder == nil, "a disposed run must not keep its observer")
    }

    @Test("a disposed run reads nothing after a change that was already scheduled")
    func disposalCancelsTheScheduledRead() {
        let scheduler = TestScheduler()
        let team = Team()
        let recorder = Recorder<String>()
        let run = SignalProducer(observing: team, \.name, on: scheduler).start(recorder.observer())
        team.name = "blue"
        run.dispose()
        scheduler.advance()
        #expect(recorder.values == ["red"])
        #expect(recorder.interrupted)
    }

    @Test("neither the producer nor its run keeps the object; the run completes when it goes")
    func doesNotRetainTheObject() {
        let scheduler = TestScheduler()
        var team: Team? = Team()
        weak let weakTeam = team
        let producer = SignalProducer(observing: team!, \.name, on: scheduler)
        let recorder = Recorder<String>()
        producer.start(recorder.observer())
        team = nil
        #expect(weakTeam == nil)
        #expect(recorder.completed)
        #expect(recorder.values == ["red"])

        let late = Recorder<String>()
        producer.start(late.observer())
        #expect(late.values.isEmpty && late.completed, "a start after the object went completes at once")
    }

    @Test("a change made on another thread is read on the producer's scheduler", .timeLimit(.minutes(5)), .offCooperativePool)
    func changeFromAQueue() async {
        let scheduler = QueueScheduler(name: "ObservationProducerTests.queue")
        let team = UncheckedBox(Team())
        let values = SignalProducer(observing: team.value, \.name, on: scheduler).take(first: 3).values
        var seen: [String] = []
        for await name in values {
            seen.append(name)
            let next = ["red": "blue", "blue": "green"][name]
            if let next { scheduler.schedule { team.value.name = next } }
        }
        #expect(seen == ["red", "blue", "green"])
    }
}

/// Carries a value that is not `Sendable` to a scheduler that alone uses it.
private struct UncheckedBox<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

@Suite("observable: a property shown to Swift's Observation")
struct ObservablePropertyTests {
    @Test("every change of the property is reported to a tracking reader, once per tracking")
    func reportsChanges() {
        let count = MutableProperty(0)
        let shown = count.observable
        let fired = TestCounter()
        withObservationTracking { _ = shown.value } onChange: { fired.increment() }
        count.value = 1
        count.value = 2
        #expect(fired.value == 1, "a tracking fires once, as for any @Observable")
        withObservationTracking { _ = shown.value } onChange: { fired.increment() }
        count.value = 3
        #expect(fired.value == 2)
        #expect(shown.value == 3)
    }

    @Test("a read-only, composed property reports its own changes")
    func composedProperty() {
        let count = MutableProperty(1)
        let label = count.map { "#\($0)" }.observable
        var seen: [String] = []
        func track() {
            withObservationTracking { seen.append(label.value) } onChange: {}
        }
        track()
        count.value = 2
        track()
        #expect(seen == ["#1", "#2"])
    }

    @Test("setting the mutable form sets the property, whose observers see it")
    func setsTheProperty() {
        let count = MutableProperty(0)
        let shown = count.observable
        var observed: [Int] = []
        count.signal.observeValues { observed.append($0) }
        shown.value = 7
        #expect(count.value == 7)
        #expect(observed == [7])
    }

    @Test("the observable keeps the property alive and stops reporting once it goes")
    func lifetime() {
        weak var weakProperty: MutableProperty<Int>?
        var shown: ObservableMutableProperty<Int>? = {
            let property = MutableProperty(0)
            weakProperty = property
            return property.observable
        }()
        #expect(weakProperty != nil)
        shown?.value = 4
        #expect(weakProperty?.value == 4)
        shown = nil
        #expect(weakProperty == nil)
    }
}
