// Timer objects with a signal: a one-shot timer that can be armed again, and a periodic timer
// whose interval can change while it runs.

import Foundation

/// A timer that fires once, after a delay, and can be invalidated and armed again.
///
/// ```swift
/// let timeout = OneShotTimer(on: QueueScheduler.main)
/// timeout.fired.observe(with: self) { screen, _ in screen.dismiss() }
/// timeout.fire(after: .seconds(600))
/// ```
///
/// - Arming while armed replaces the pending firing; so does arming from inside an observer of
///   ``fired``.
/// - ``fired`` sends the scheduler's date on the scheduler, and completes when the timer goes
///   away; a timer that goes away while armed never fires.
/// - Runs on any `DateScheduler`: with a `TestScheduler`, tests drive it in virtual time.
public final class OneShotTimer: @unchecked Sendable {
    private struct State {
        var generation = 0
        var armed = false
        var pending: Disposable?
    }

    private let scheduler: DateScheduler
    private let state = Locked(State())
    private let input: Signal<Date, Never>.Observer

    /// Sends the scheduler's date each time the timer fires, on the scheduler.
    public let fired: Signal<Date, Never>

    /// Creates a timer that is not armed.
    public init(on scheduler: DateScheduler) {
        self.scheduler = scheduler
        (fired, input) = Signal.pipe()
    }

    deinit {
        state.withLock { $0.pending }?.dispose()
        input.sendCompleted()
    }

    /// Whether the timer will fire.
    public var isArmed: Bool { state.withLock { $0.armed } }

    /// Arms the timer to fire once, `delay` from now, replacing any pending firing.
    ///
    /// - Precondition: `delay` is not negative.
    public func fire(after delay: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) {
        requirement(delay.isNonNegative, "OneShotTimer.fire(after:): delay must be >= 0, got \(delay)",
                    file: file, line: line)
        fire(at: scheduler.currentDate.addingTimeInterval(delay.seconds))
    }

    /// Arms the timer to fire once at `date`, replacing any pending firing.
    public func fire(at date: Date) {
        let (generation, replaced) = state.withLock { state -> (Int, Disposable?) in
            state.generation += 1
            state.armed = true
            defer { state.pending = nil }
            return (state.generation, state.pending)
        }
        replaced?.dispose()
        let pending = scheduler.schedule(after: date) { [weak self] in self?.timerFired(generation) }
        let kept = state.withLock { state -> Bool in
            // Not kept if it fired already (a scheduler running due actions at once), or if the
            // timer was armed again or invalidated meanwhile.
            guard state.generation == generation, state.armed else { return false }
            state.pending = pending
            return true
        }
        if !kept { pending?.dispose() }
    }

    /// Cancels the pending firing, if any. The timer can be armed again.
    public func invalidate() {
        let pending = state.withLock { state -> Disposable? in
            state.generation += 1
            state.armed = false
            defer { state.pending = nil }
            return state.pending
        }
        pending?.dispose()
    }

    private func timerFired(_ generation: Int) {
        let current = state.withLock { state -> Bool in
            guard state.generation == generation, state.armed else { return false }
            state.armed = false
            state.pending = nil
            return true
        }
        if current { input.send(value: scheduler.currentDate) }
    }
}

/// A timer that fires every ``interval`` while it is active; the interval can change while it
/// runs.
///
/// ```swift
/// let refresh = PeriodicTimer(interval: .seconds(600), on: QueueScheduler.main)
/// refresh.fired.observe(with: self) { sensor, _ in sensor.update() }
/// refresh.activate()
/// refresh.interval = .seconds(60)   // from the last tick on
/// ```
///
/// - ``activate()`` starts it: the first tick comes one interval later. ``stop()`` stops it;
///   activating again starts afresh.
/// - Changing ``interval`` while active moves the next tick to one new interval after the last
///   tick (or the activation), or to now if that moment has passed.
/// - ``fired`` sends the scheduler's date on the scheduler, and completes when the timer goes
///   away, which stops it.
/// - Runs on any `DateScheduler`: with a `TestScheduler`, tests drive it in virtual time.
public final class PeriodicTimer: @unchecked Sendable {
    private struct State {
        var interval: DispatchTimeInterval
        var generation = 0
        var active = false
        /// The last tick, or the activation.
        var anchor = Date.distantPast
        var pending: Disposable?
    }

    private let scheduler: DateScheduler
    private let state: Locked<State>
    private let input: Signal<Date, Never>.Observer

    /// Sends the scheduler's date at each tick, on the scheduler.
    public let fired: Signal<Date, Never>

    /// Creates a stopped timer.
    ///
    /// - Precondition: `interval` is positive.
    public init(interval: DispatchTimeInterval, on scheduler: DateScheduler,
                file: StaticString = #fileID, line: UInt = #line) {
        requirement(interval.isPositive, "PeriodicTimer(interval:on:): interval must be > 0, got \(interval)",
                    file: file, line: line)
        self.scheduler = scheduler
        state = Locked(State(interval: interval))
        (fired, input) = Signal.pipe()
    }

    deinit {
        state.withLock { $0.pending }?.dispose()
        input.sendCompleted()
    }

    /// The time between ticks. Setting it while active reschedules the next tick.
    ///
    /// - Precondition: The new interval is positive.
    public var interval: DispatchTimeInterval {
        get { state.withLock { $0.interval } }
        set { setInterval(newValue) }
    }

    /// Changes ``interval``, naming the caller's line if `interval` is not positive.
    public func setInterval(_ interval: DispatchTimeInterval, file: StaticString = #fileID, line: UInt = #line) {
        requirement(interval.isPositive, "PeriodicTimer.interval must be > 0, got \(interval)", file: file, line: line)
        reschedule { state in
            state.interval = interval
            return state.active
        }
    }

    /// Whether the timer is ticking.
    public var isActive: Bool { state.withLock { $0.active } }

    /// Starts ticking, one interval from now. Does nothing if already active.
    public func activate() {
        let now = scheduler.currentDate
        reschedule { state in
            guard !state.active else { return false }
            state.active = true
            state.anchor = now
            return true
        }
    }

    /// Stops ticking; a tick not yet delivered is dropped.
    public func stop() {
        reschedule { state in
            state.active = false
            return false
        }
    }

    /// Applies `change`; when it returns `true`, schedules the next tick one interval after the
    /// anchor. Always cancels the tick scheduled before.
    private func reschedule(_ change: (inout State) -> Bool) {
        // Read before the lock, which is a leaf (see `LockOrder`): the scheduler has locks of
        // its own.
        let now = scheduler.currentDate
        let (old, next) = state.withLock { state -> (Disposable?, (generation: Int, due: Date)?) in
            let old = state.pending
            let schedules = change(&state)
            guard schedules || !state.active else { return (nil, nil) }
            state.generation += 1
            state.pending = nil
            guard schedules else { return (old, nil) }
            let due = max(state.anchor.addingTimeInterval(state.interval.seconds), now)
            return (old, (state.generation, due))
        }
        old?.dispose()
        if let next { schedule(next.generation, at: next.due) }
    }

    private func schedule(_ generation: Int, at date: Date) {
        let pending = scheduler.schedule(after: date) { [weak self] in self?.tick(generation) }
        let stale = state.withLock { state -> Bool in
            guard state.generation == generation, state.active else { return true }
            if state.pending == nil { state.pending = pending }
            return false
        }
        if stale { pending?.dispose() }
    }

    private func tick(_ generation: Int) {
        let now = scheduler.currentDate
        let next = state.withLock { state -> (generation: Int, due: Date)? in
            guard state.active, state.generation == generation else { return nil }
            state.generation += 1
            state.pending = nil
            state.anchor = now
            return (state.generation, state.anchor.addingTimeInterval(state.interval.seconds))
        }
        guard let next else { return }
        schedule(next.generation, at: next.due)
        input.send(value: scheduler.currentDate)
    }
}

extension SignalProducer where Value == Date, Error == Never {
    /// A producer whose runs send the scheduler's date once, `delay` after they start, then
    /// complete.
    ///
    /// - Precondition: `delay` is not negative.
    public static func timer(after delay: DispatchTimeInterval, on scheduler: DateScheduler,
                             file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(delay.isNonNegative, "timer(after:on:): delay must be >= 0, got \(delay)", file: file, line: line)
        return SignalProducer { observer, lifetime in
            lifetime += scheduler.schedule(after: scheduler.currentDate.addingTimeInterval(delay.seconds)) {
                observer.send(value: scheduler.currentDate)
                observer.sendCompleted()
            }
        }
    }

    /// A producer whose runs tick like a ``PeriodicTimer`` whose interval follows `interval`:
    /// each new value of the property reschedules the next tick, one new interval after the last.
    ///
    /// - Values: the scheduler's date at each tick, sent on `scheduler`.
    /// - Completion: never; the run ends when it is disposed, which stops the timer.
    /// - Precondition: Every interval the property holds is positive.
    public static func timer<P: PropertyProtocol>(
        interval: P, on scheduler: DateScheduler
    ) -> SignalProducer<Value, Error> where P.Value == DispatchTimeInterval {
        SignalProducer { observer, lifetime in
            let timer = PeriodicTimer(interval: interval.value, on: scheduler)
            lifetime += timer.fired.observe(observer)
            lifetime += interval.producer.startWithValues { timer.interval = $0 }
            timer.activate()
            lifetime += AnyDisposable { timer.stop() }
        }
    }
}
