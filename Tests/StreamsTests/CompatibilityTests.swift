import Dispatch
import Foundation
import Testing
import Streams  // A ReactiveSwift user changes `import ReactiveSwift` to this line, and nothing else.

// Code written the way a ReactiveSwift 7.2 user writes it, using only the core types. It must
// compile unchanged and behave as it does with ReactiveSwift.

private enum LoadError: Error, Equatable {
    case offline
}

/// A view model in the ReactiveSwift style: a lifetime token, a pipe for its output, disposables.
private final class SearchViewModel {
    let results: Signal<[String], LoadError>
    private let resultsObserver: Signal<[String], LoadError>.Observer
    let lifetime: Lifetime
    private let token: Lifetime.Token
    private let disposables = CompositeDisposable()

    init() {
        (results, resultsObserver) = Signal<[String], LoadError>.pipe()
        (lifetime, token) = Lifetime.make()
        lifetime += disposables
    }

    func search(_ query: String, using load: SignalProducer<[String], LoadError>) {
        disposables += load.start { [resultsObserver] event in
            switch event {
            case let .value(items):
                resultsObserver.send(value: items.filter { $0.hasPrefix(query) })
            case let .failed(error):
                resultsObserver.send(error: error)
            case .completed, .interrupted:
                break
            }
        }
    }
}

@Suite("ReactiveSwift compatibility")
struct CompatibilityTests {
    @Test("a pipe observed with Signal.Observer(value:failed:completed:interrupted:)")
    func pipeWithObserver() {
        let (signal, observer) = Signal<String, LoadError>.pipe()
        var log: [String] = []
        let disposable = signal.observe(Signal<String, LoadError>.Observer(
            value: { log.append("value \($0)") },
            failed: { log.append("failed \($0)") },
            completed: { log.append("completed") },
            interrupted: { log.append("interrupted") }
        ))
        observer.send(value: "a")
        observer.send(value: "b")
        observer.send(error: .offline)
        observer.send(value: "ignored")
        disposable?.dispose()
        #expect(log == ["value a", "value b", "failed offline"])
    }

    @Test("SignalProducer { observer, lifetime in ... } with startWithResult")
    func producerWithStartHandler() {
        var started = 0
        var cleanedUp = 0
        let numbers = SignalProducer<Int, LoadError> { observer, lifetime in
            started += 1
            lifetime.observeEnded { cleanedUp += 1 }
            for number in 1...3 {
                observer.send(value: number)
            }
            if started > 1 {
                observer.send(error: .offline)
            } else {
                observer.sendCompleted()
            }
        }
        var results: [String] = []
        for _ in 0..<2 {
            numbers.startWithResult { result in
                switch result {
                case let .success(value): results.append("\(value)")
                case let .failure(error): results.append("error: \(error)")
                }
            }
        }
        #expect(results == ["1", "2", "3", "1", "2", "3", "error: offline"])
        #expect(started == 2)
        #expect(cleanedUp == 2)
    }

    @Test("a view model: Lifetime.make(), CompositeDisposable +=, pipes and producers")
    func viewModel() {
        var viewModel: SearchViewModel? = SearchViewModel()
        var received: [[String]] = []
        var failure: LoadError?
        viewModel!.results.observeResult { result in
            switch result {
            case let .success(items): received.append(items)
            case let .failure(error): failure = error
            }
        }
        var lifetimeEnded = false
        viewModel!.lifetime.observeEnded { lifetimeEnded = true }

        viewModel!.search("sw", using: SignalProducer(value: ["swift", "rust", "swiftui"]))
        viewModel!.search("r", using: SignalProducer(values: ["ruby"], ["rust", "go"]))
        #expect(received == [["swift", "swiftui"], ["ruby"], ["rust"]])

        // A request still pending (its callback holds the observer) is cancelled when the view
        // model goes away.
        var pendingCallback: Signal<[String], LoadError>.Observer?
        var cancelled = false
        let pending = SignalProducer<[String], LoadError> { observer, lifetime in
            pendingCallback = observer
            lifetime.observeEnded { cancelled = true }
        }
        viewModel!.search("x", using: SignalProducer.never)
        viewModel!.search("y", using: pending)
        #expect(!cancelled)
        #expect(!lifetimeEnded)
        viewModel = nil
        #expect(lifetimeEnded)
        #expect(cancelled)
        pendingCallback?.send(value: ["yes"])
        #expect(received == [["swift", "swiftui"], ["ruby"], ["rust"]])
        #expect(failure == nil)
    }

    @Test("SerialDisposable and ScopedDisposable")
    func serialAndScoped() {
        var log: [String] = []
        let serial = SerialDisposable()
        serial.inner = AnyDisposable { log.append("first") }
        serial.inner = AnyDisposable { log.append("second") }
        #expect(log == ["first"])
        serial.dispose()
        #expect(log == ["first", "second"])
        #expect(serial.isDisposed)
        serial.inner = AnyDisposable { log.append("late") }
        #expect(log == ["first", "second", "late"])

        var scoped: ScopedDisposable<AnyDisposable>? = ScopedDisposable(AnyDisposable { log.append("scoped") })
        #expect(scoped?.isDisposed == false)
        scoped = nil
        #expect(log.last == "scoped")

        let (signal, observer) = Signal<Int, Never>.pipe()
        var values: [Int] = []
        do {
            let composite = ScopedDisposable(CompositeDisposable())
            composite += signal.observeValues { values.append($0) }
            composite += { log.append("composite") }
            observer.send(value: 1)
        }
        observer.send(value: 2)
        #expect(values == [1])
        #expect(log.last == "composite")
    }

    @Test("TestScheduler: work scheduled on virtual time feeds a producer")
    func testScheduler() {
        let scheduler = TestScheduler()
        let ticks = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += scheduler.schedule(after: .seconds(1)) { observer.send(value: 1) }
            lifetime += scheduler.schedule(after: .seconds(2)) {
                observer.send(value: 2)
                observer.sendCompleted()
            }
        }
        var values: [Int] = []
        var completed = false
        ticks.start(Signal.Observer(value: { values.append($0) }, completed: { completed = true }))
        #expect(values.isEmpty)
        scheduler.advance(by: .milliseconds(500))
        #expect(values.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(values == [1])
        #expect(!completed)
        scheduler.advance(by: .seconds(1))
        #expect(values == [1, 2])
        #expect(completed)

        // Disposing the run cancels what it scheduled.
        var fired = false
        let disposable = SignalProducer<Int, Never> { observer, lifetime in
            lifetime += scheduler.schedule(after: .seconds(1)) { fired = true; observer.sendCompleted() }
        }.start()
        disposable.dispose()
        scheduler.run()
        #expect(!fired)
    }

    @Test("Atomic and Bag as ReactiveSwift users use them")
    func atomicAndBag() {
        let counter = Atomic(0)
        counter.modify { $0 += 1 }
        counter.value += 1
        let previous = counter.swap(10)
        #expect(previous == 2)
        #expect(counter.withValue { $0 * 2 } == 20)

        var handlers = Bag<(Int) -> Void>()
        var calls: [String] = []
        let first = handlers.insert { calls.append("first \($0)") }
        handlers.insert { calls.append("second \($0)") }
        for handler in handlers { handler(1) }
        handlers.remove(using: first)
        for handler in handlers { handler(2) }
        #expect(calls == ["first 1", "second 1", "second 2"])
        #expect(handlers.count == 1)
    }
}

extension ConcurrencySuites {
    @Suite("ReactiveSwift compatibility concurrency")
    struct CompatibilityConcurrencyTests {
        @Test("QueueScheduler: a producer that sends from a queue")
        func queueScheduler() {
            let scheduler = QueueScheduler(qos: .default, name: "compat.queue")
            let producer = SignalProducer<Int, LoadError> { observer, lifetime in
                lifetime += scheduler.schedule {
                    for value in 1...3 { observer.send(value: value) }
                    observer.sendCompleted()
                }
            }
            let done = DispatchSemaphore(value: 0)
            let values = Atomic<[Int]>([])
            let onQueue = Atomic(true)
            producer.start(Signal.Observer(
                value: { value in
                    values.modify { $0.append(value) }
                    if Thread.isMainThread { onQueue.value = false }
                },
                failed: { _ in done.signal() },
                completed: { done.signal() },
                interrupted: { done.signal() }
            ))
            #expect(done.wait(timeout: .now() + 10) == .success)
            #expect(values.value == [1, 2, 3])
            #expect(onQueue.value)

            let targeted = QueueScheduler(queue: DispatchQueue.global(), name: "compat.targeted")
            let fired = DispatchSemaphore(value: 0)
            targeted.schedule { fired.signal() }
            #expect(fired.wait(timeout: .now() + 10) == .success)
        }
    }
}
