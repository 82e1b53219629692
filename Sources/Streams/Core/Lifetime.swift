/// The lifetime of an object or of a stream: a point in time after which resources tied to it are
/// disposed.
///
/// Tie work to a lifetime with `lifetime += disposable` or ``observeEnded(_:)``. An object
/// usually owns a ``Token`` and exposes the matching lifetime: when the object (and so the token)
/// is deallocated, the lifetime ends.
///
/// A lifetime is a view of a `CompositeDisposable`: what is tied to it is disposed in the order
/// it was added, and what is added after the end is disposed at once. ``hasEnded`` reads whether
/// the composite was disposed, and ``ended`` completes from an action added to it.
public final class Lifetime: Sendable {
    private let disposables: CompositeDisposable

    @usableFromInline
    init(_ disposables: CompositeDisposable) {
        self.disposables = disposables
    }

    /// Creates the lifetime that ends when `token` is disposed or deallocated.
    public convenience init(_ token: Token) {
        self.init(token.disposables)
    }

    /// A signal that completes when the lifetime ends. If it has already ended, observers
    /// receive `.interrupted` at once.
    public var ended: Signal<Never, Never> {
        Signal { observer, lifetime in
            lifetime += self.disposables.add { observer.sendCompleted() }
        }
    }

    /// Whether the lifetime has ended.
    public var hasEnded: Bool { disposables.isDisposed }

    /// Runs `action` when the lifetime ends, or at once if it already has.
    ///
    /// - Returns: A disposable that cancels the action, or `nil` if it already ran.
    @discardableResult
    public func observeEnded(_ action: @escaping () -> Void) -> Disposable? {
        disposables.add(action)
    }

    /// Disposes `disposable` when `lifetime` ends, or at once if it already has.
    ///
    /// - Returns: A disposable that unties `disposable` from the lifetime without disposing it.
    @discardableResult
    public static func += (lifetime: Lifetime, disposable: Disposable?) -> Disposable? {
        lifetime.disposables.add(disposable)
    }
}

extension Lifetime {
    /// Creates a lifetime and the token that ends it.
    ///
    /// Keep the token in the object whose lifetime this is; the lifetime ends when the token is
    /// disposed or deallocated.
    public static func make() -> (lifetime: Lifetime, token: Token) {
        let token = Token()
        return (Lifetime(token), token)
    }

    /// A lifetime that has already ended: what is added to it is disposed at once.
    public static let empty: Lifetime = {
        let disposables = CompositeDisposable()
        disposables.dispose()
        return Lifetime(disposables)
    }()

    /// Ends a lifetime when it is disposed or deallocated.
    public final class Token: Sendable {
        fileprivate let disposables = CompositeDisposable()

        /// Creates a token whose lifetime has not ended.
        public init() {}

        /// Ends the lifetime now.
        public func dispose() {
            disposables.dispose()
        }

        deinit {
            disposables.dispose()
        }
    }
}
