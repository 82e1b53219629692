// Streams and Swift's Observation, both ways: a producer of an @Observable object's key path,
// and properties shown to Observation (SwiftUI, withObservationTracking, Observations).

import Observation

extension SignalProducer where Error == Never {
    /// Creates a producer of `keyPath` of an `@Observable` object: each run sends the current
    /// value when it starts, then the value after each change, and completes when `root` is
    /// deinitialized.
    ///
    /// Built on `withObservationTracking`, which reports a change before it lands: the new
    /// value is read on `scheduler` after each change, and the tracking renewed there. So
    /// `root` must be changed where `scheduler` runs: on the main thread for the default
    /// `UIScheduler` (the rule for a `@MainActor` model), on the queue of a
    /// `QueueScheduler`, or between `advance` calls of a `TestScheduler`. Several changes
    /// before the scheduler runs give one value, the latest, as for a view. The run holds
    /// `root` weakly.
    ///
    /// ```swift
    /// @Observable final class Player { var score = 0 }
    /// let scores = SignalProducer(observing: player, \.score)
    /// ```
    ///
    /// - Parameters:
    ///   - root: The observable object; start the producer where it is changed.
    ///   - keyPath: The value to follow; every observable property it reads is tracked.
    ///   - scheduler: Where the value is read after a change.
    public init<Root: AnyObject & Observable>(
        observing root: Root,
        _ keyPath: KeyPath<Root, Value>,
        on scheduler: Scheduler = UIScheduler()
    ) {
        // Read only by the runs, each on the thread that starts it.
        nonisolated(unsafe) let reference = WeakReference(root)
        nonisolated(unsafe) let keyPath = keyPath
        self.init { observer, lifetime in
            let run = ObservationTrackingRun(reference, keyPath, scheduler, observer)
            lifetime += AnyDisposable { run.dispose() }
            run.track()
        }
    }
}

/// A weak reference, made before a run starts, so that the producer does not keep the object.
final class WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}

/// One run of an observation producer: reads the key path under tracking, and after each
/// change schedules the next read.
final class ObservationTrackingRun<Root: AnyObject & Observable, Value>: @unchecked Sendable {
    private let root: WeakReference<Root>
    private let keyPath: KeyPath<Root, Value>
    private let scheduler: Scheduler
    private let observer: Signal<Value, Never>.Observer
    private let nextRead = SerialDisposable()

    init(_ root: WeakReference<Root>, _ keyPath: KeyPath<Root, Value>, _ scheduler: Scheduler,
         _ observer: Signal<Value, Never>.Observer) {
        self.root = root
        self.keyPath = keyPath
        self.scheduler = scheduler
        self.observer = observer
    }

    /// Reads and sends the value, tracking the observable properties it reads.
    func track() {
        guard !nextRead.isDisposed else { return }
        guard let object = root.object else {
            observer.sendCompleted()
            return
        }
        // The change handler holds a watch, which the object's registrar drops when the object
        // goes: the watch's end then completes the run.
        let watch = ObservationWatch { [weak self] in self?.rootMayBeGone() }
        let value = withObservationTracking {
            object[keyPath: keyPath]
        } onChange: { [weak self] in
            withExtendedLifetime(watch) { self?.changed() }
        }
        observer.send(value: value)
    }

    /// Called as a change begins, on the changing thread: the value is read once it has landed.
    private func changed() {
        nextRead.inner = scheduler.schedule { [weak self] in self?.track() }
    }

    private func rootMayBeGone() {
        if root.object == nil, !nextRead.isDisposed { observer.sendCompleted() }
    }

    func dispose() {
        nextRead.dispose()
    }
}

/// Calls an action when deinitialized.
final class ObservationWatch: @unchecked Sendable {
    private let onEnd: () -> Void

    init(_ onEnd: @escaping () -> Void) {
        self.onEnd = onEnd
    }

    deinit {
        onEnd()
    }
}

/// A property shown to Swift's Observation: reading ``value`` inside `withObservationTracking`,
/// a SwiftUI body or `Observations` tracks it, and every change of the property is reported.
///
/// Made by ``PropertyProtocol/observable``; it keeps the property alive. Changes are reported
/// as the property's signal sends them, on the thread that changed it.
///
/// ```swift
/// let count = MutableProperty(0)
/// let shown = count.observable          // an ObservableMutableProperty<Int>
/// withObservationTracking { _ = shown.value } onChange: { print("changed") }
/// count.value = 1
/// // Prints: changed
/// ```
public class ObservableProperty<Value>: Observable {
    private let registrar = ObservationRegistrar()
    private let read: () -> Value
    private var subscription: Disposable?

    init<P: PropertyProtocol>(_ property: P) where P.Value == Value {
        read = { property.value }
        subscription = nil
        subscription = property.signal.observeValues { [weak self] _ in self?.reportChange() }
    }

    deinit {
        subscription?.dispose()
    }

    /// The property's current value; reading it tracks it.
    public var value: Value {
        registrar.access(self, keyPath: \.value)
        return read()
    }

    private func reportChange() {
        registrar.withMutation(of: self, keyPath: \.value) {}
    }
}

/// A mutable property shown to Swift's Observation; ``value`` can be set, which sets the
/// property. Made by ``MutablePropertyProtocol/observable``.
public final class ObservableMutableProperty<Value>: ObservableProperty<Value> {
    private let write: (Value) -> Void

    init<P: MutablePropertyProtocol>(mutable property: P) where P.Value == Value {
        write = { property.value = $0 }
        super.init(property)
    }

    /// The property's current value; reading it tracks it, setting it sets the property.
    override public var value: Value {
        get { super.value }
        set { write(newValue) }
    }
}

/// Shared between threads only when its values may be, as ``MutableProperty`` is.
extension ObservableProperty: @unchecked Sendable where Value: Sendable {}

/// Shared between threads only when its values may be, as ``MutableProperty`` is.
extension ObservableMutableProperty: @unchecked Sendable where Value: Sendable {}

extension PropertyProtocol {
    /// This property shown to Swift's Observation, for code that already uses `@Observable`
    /// (a SwiftUI view, `withObservationTracking`, `Observations`).
    public var observable: ObservableProperty<Value> {
        ObservableProperty(self)
    }
}

extension MutablePropertyProtocol {
    /// This property shown to Swift's Observation, with a settable ``ObservableMutableProperty/value``.
    public var observable: ObservableMutableProperty<Value> {
        ObservableMutableProperty(mutable: self)
    }
}
