/// Something that can be disposed of: a subscription, a scheduled action, a resource.
///
/// Disposing is idempotent and thread-safe: the first call to `dispose()` releases the resource,
/// later calls do nothing. Every disposable in this package is safe to dispose from any thread.
public protocol Disposable: AnyObject, Sendable {
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }

    /// Releases the resource. Safe to call more than once and from any thread.
    func dispose()
}

/// A disposable that runs an action once, the first time it is disposed.
public final class AnyDisposable: Disposable, @unchecked Sendable {
    private struct State {
        var action: (() -> Void)?
        var isDisposed = false
    }

    private let state: Locked<State>

    /// Whether this disposable has been disposed.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Creates a disposable that runs `action` the first time it is disposed.
    ///
    /// The action runs on the thread that disposes, after which it is released.
    public init(_ action: @escaping () -> Void) {
        state = Locked(State(action: action))
    }

    /// Creates a disposable that only records whether it has been disposed.
    public init() {
        state = Locked(State(action: nil))
    }

    /// Creates a disposable that disposes `disposable` when it is disposed.
    public convenience init(_ disposable: Disposable) {
        self.init { disposable.dispose() }
    }

    /// Runs the action if this is the first call; does nothing otherwise.
    public func dispose() {
        let action = state.withLock { state -> (() -> Void)? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.action = nil }
            return state.action
        }
        action?()
    }
}

/// A disposable that disposes a collection of disposables together.
///
/// Adding to a composite that has already been disposed disposes the added item at once. Items are
/// disposed in the order they were added.
public final class CompositeDisposable: Disposable {
    private struct State {
        var disposables: Bag<Disposable>? = Bag()
    }

    private let state = Locked(State())

    /// Whether this composite has been disposed.
    public var isDisposed: Bool { state.withLock { $0.disposables == nil } }

    /// Creates a composite holding `disposables`.
    public init<S: Sequence>(_ disposables: S) where S.Iterator.Element == Disposable {
        state.withLock { $0.disposables = Bag(disposables) }
    }

    /// Creates a composite holding the non-nil disposables of `disposables`.
    public convenience init<S: Sequence>(_ disposables: S) where S.Iterator.Element == Disposable? {
        self.init(disposables.compactMap { $0 })
    }

    /// Creates an empty composite.
    public convenience init() {
        self.init([Disposable]())
    }

    /// Disposes every item, in the order they were added, once.
    public func dispose() {
        let disposables = state.withLock { state in
            defer { state.disposables = nil }
            return state.disposables
        }
        guard let disposables else { return }
        for disposable in disposables {
            disposable.dispose()
        }
    }

    /// Adds `disposable`, or disposes it at once if this composite is already disposed.
    ///
    /// - Returns: A handle that removes `disposable` from the composite without disposing it, or
    ///   `nil` when nothing was added.
    @discardableResult
    public func add(_ disposable: Disposable?) -> Disposable? {
        guard let disposable else { return nil }
        let token: Bag<Disposable>.Token? = state.withLock { state in
            state.disposables?.insert(disposable)
        }
        guard let token else {
            disposable.dispose()
            return nil
        }
        return AnyDisposable { [weak self] in
            // Released after the lock is dropped: its deinitialization may touch this composite.
            let removed = self?.state.withLock { state in state.disposables?.remove(using: token) }
            withExtendedLifetime(removed) {}
        }
    }

    /// Adds an action to run when the composite is disposed, or runs it at once if it already was.
    ///
    /// - Returns: A handle that removes the action without running it, or `nil` if it already ran.
    @discardableResult
    public func add(_ action: @escaping () -> Void) -> Disposable? {
        add(AnyDisposable(action))
    }

    /// Adds `rhs` to `lhs`; see `add(_:)`.
    @discardableResult
    public static func += (lhs: CompositeDisposable, rhs: Disposable?) -> Disposable? {
        lhs.add(rhs)
    }

    /// Adds the action `rhs` to `lhs`; see ``add(_:)-(()->Void)``.
    @discardableResult
    public static func += (lhs: CompositeDisposable, rhs: @escaping () -> Void) -> Disposable? {
        lhs.add(rhs)
    }
}

/// A disposable that disposes its inner disposable when it is deinitialized.
///
/// Use it to tie a subscription to the scope of an owner: when the owner releases the
/// `ScopedDisposable`, the inner disposable is disposed.
public final class ScopedDisposable<Inner: Disposable>: Disposable {
    /// The disposable disposed with this one.
    public let inner: Inner

    /// Whether the inner disposable has been disposed.
    public var isDisposed: Bool { inner.isDisposed }

    /// Wraps `disposable`, disposing it on deinitialization.
    public init(_ disposable: Inner) {
        inner = disposable
    }

    deinit {
        inner.dispose()
    }

    /// Disposes the inner disposable now.
    public func dispose() {
        inner.dispose()
    }
}

extension ScopedDisposable where Inner == AnyDisposable {
    /// Wraps any disposable, disposing it on deinitialization.
    public convenience init(_ disposable: Disposable) {
        self.init(AnyDisposable(disposable))
    }
}

extension ScopedDisposable where Inner == CompositeDisposable {
    /// Adds `rhs` to the inner composite.
    @discardableResult
    public static func += (lhs: ScopedDisposable<CompositeDisposable>, rhs: Disposable?) -> Disposable? {
        lhs.inner.add(rhs)
    }

    /// Adds the action `rhs` to the inner composite.
    @discardableResult
    public static func += (lhs: ScopedDisposable<CompositeDisposable>, rhs: @escaping () -> Void) -> Disposable? {
        lhs.inner.add(rhs)
    }
}

extension ScopedDisposable where Inner == SerialDisposable {
    /// The disposable held by the inner serial disposable.
    public var inner: Disposable? {
        get { (self as ScopedDisposable<SerialDisposable>).inner.inner }
        set { (self as ScopedDisposable<SerialDisposable>).inner.inner = newValue }
    }
}

/// A disposable that holds one inner disposable at a time.
///
/// Setting `inner` disposes the previous one. Once the serial disposable is disposed, any inner
/// disposable set later is disposed at once.
public final class SerialDisposable: Disposable {
    private struct State {
        var inner: Disposable?
        var isDisposed = false
    }

    private let state: Locked<State>

    /// Whether this serial disposable has been disposed.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The current inner disposable. Setting it disposes the previous one; after disposal the new
    /// value is disposed at once and not kept.
    public var inner: Disposable? {
        get { state.withLock { $0.inner } }
        set {
            let (old, disposeNew) = state.withLock { state -> (Disposable?, Bool) in
                if state.isDisposed { return (nil, true) }
                defer { state.inner = newValue }
                return (state.inner, false)
            }
            if old !== newValue { old?.dispose() }
            if disposeNew { newValue?.dispose() }
        }
    }

    /// Creates a serial disposable holding `disposable`.
    public init(_ disposable: Disposable? = nil) {
        state = Locked(State(inner: disposable))
    }

    /// Disposes the current inner disposable and every one set later.
    public func dispose() {
        let inner = state.withLock { state -> Disposable? in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.inner = nil }
            return state.inner
        }
        inner?.dispose()
    }
}
