// A signal's name, observer count, observer limit and observer hooks.
import Synchronization

/// The name, observer limit and observer hooks of one signal.
///
/// Created the first time one of them is set, so a signal that never uses them pays one `nil`
/// check per registration. Hooks run outside the signal's locks, on the thread that added or
/// removed the observer.
final class ObserverDiagnostics: ObserverCountListener, @unchecked Sendable {
    /// What the observer-limit failure calls the stream: `Signal` or `LastValueSignal`.
    private let kind: StaticString

    init(kind: StaticString = "Signal") {
        self.kind = kind
    }

    private struct State {
        var name: String?
        var maximumObservers: Int?
        var added: ((Int) -> Void)?
        var removed: ((Int) -> Void)?
    }

    private let state = Locked(State())

    var name: String? {
        get { state.withLock { $0.name } }
        set { state.withLock { $0.name = newValue } }
    }

    var maximumObservers: Int? {
        get { state.withLock { $0.maximumObservers } }
        set { state.withLock { $0.maximumObservers = newValue } }
    }

    func setHooks(added: ((Int) -> Void)?, removed: ((Int) -> Void)?) {
        state.withLock {
            $0.added = added
            $0.removed = removed
        }
    }

    /// Checks the limit, then calls the hook; `count` includes the new observer.
    func observerAdded(count: Int) {
        let (name, limit, hook) = state.withLock { ($0.name, $0.maximumObservers, $0.added) }
        if let limit, count > limit {
            fatalError(
                "\(kind) \(name.map { "\"\($0)\"" } ?? "(unnamed)") has \(count) observers, more than its "
                    + "maximumObservers of \(limit): an observer leaks or registers again; raise "
                    + "maximumObservers if this many are intended")
        }
        hook?(count)
    }

    /// Calls the hook; `count` is what remains.
    func observerRemoved(count: Int) {
        state.withLock { $0.removed }?(count)
    }
}

extension SignalCoreBase {
    /// The diagnostics of this signal, created on first use: the listener to its observers.
    var diagnostics: ObserverDiagnostics { listener { ObserverDiagnostics() } }

    /// The diagnostics of this signal, if any were ever set.
    var existingDiagnostics: ObserverDiagnostics? { existingListener as? ObserverDiagnostics }
}

extension Signal {
    /// A name for debugging, used by ``logEvents(identifier:events:fileName:functionName:lineNumber:logger:)``
    /// when no identifier is given, by ``description`` and by the observer-limit failure.
    ///
    /// `nil` until set. A signal derived by an operator from a named signal is named after it,
    /// by its chain: `cart.map.filter` for `cart.map { ... }.filter { ... }` on a signal named
    /// `cart`. Signals without a name pay nothing for this.
    public var name: String? {
        get { core.isNamed.load(ordering: .acquiring) ? core.existingDiagnostics?.name : nil }
        set {
            core.diagnostics.name = newValue
            if newValue != nil { core.isNamed.store(true, ordering: .releasing) }
        }
    }

    /// Names this signal, derived from `source` by the operator `operatorName`, after it (see
    /// ``name``), if `source` has a name.
    @inlinable
    func continueName<A, B>(of source: Signal<A, B>, _ operatorName: StaticString) {
        if source.core.isNamed.load(ordering: .relaxed) { name = source.name.map { chainName($0, operatorName) } }
    }

    /// Gives the signal a name for debugging (see ``name``) and returns it, for chaining.
    ///
    /// ```swift
    /// let temperature = sensor.readings.named("temperature")
    /// ```
    @discardableResult
    public func named(_ name: String) -> Signal {
        self.name = name
        return self
    }

    /// The number of observers the signal currently has. Zero once it has terminated.
    public var observerCount: Int { core.observerCount }

    /// The most observers the signal may have at once; `nil`, the default, for no limit.
    ///
    /// Adding an observer beyond the limit stops the program with a message that names the
    /// signal and the count: a limit turns a leak, or an observer registered again and again,
    /// into a failure at the line that caused it. Eventing code commonly uses 100.
    ///
    /// - Precondition: The limit, when set, is at least 1.
    public var maximumObservers: Int? {
        get { core.existingDiagnostics?.maximumObservers }
        set {
            if let newValue, newValue < 1 {
                fatalError("Signal.maximumObservers must be at least 1, got \(newValue)")
            }
            core.diagnostics.maximumObservers = newValue
        }
    }

    /// Calls `added` after each observer is added and `removed` after each is removed, with the
    /// number of observers there are then. When the signal terminates and releases its observers,
    /// `removed` is called once with 0. Replaces the hooks set before; pass `nil` to remove one.
    ///
    /// Hooks run on the thread that adds or removes the observer, outside the signal's locks: they
    /// may observe the signal or dispose observations themselves.
    public func setObserverHooks(added: ((Int) -> Void)? = nil, removed: ((Int) -> Void)? = nil) {
        let diagnostics = core.diagnostics
        let hadRemovedHook = diagnostics.hasRemovedHook
        diagnostics.setHooks(added: added, removed: removed)
        if !hadRemovedHook, removed != nil {
            core.disposable += { [weak diagnostics] in diagnostics?.observerRemoved(count: 0) }
        }
    }
}

extension ObserverDiagnostics {
    var hasRemovedHook: Bool { state.withLock { $0.removed != nil } }
}

extension Signal: CustomStringConvertible {
    /// The signal's name, if it has one, its types and its observer count, as in
    /// `Signal<Int, Never>("temperature", 2 observers)`.
    public var description: String {
        let label = name.map { "\"\($0)\", " } ?? ""
        let count = observerCount
        return "Signal<\(Value.self), \(Error.self)>(\(label)\(count) observer\(count == 1 ? "" : "s"))"
    }
}

extension SignalProducer {
    /// The name given with ``named(_:)``; `nil` by default. A producer derived by an operator
    /// from a named producer is named after it, by its chain: `search.map.filter` for
    /// `search.map { ... }.filter { ... }` on a producer named `search`.
    public var name: String? { debugName }

    /// Names this producer, derived from `source` by the operator `operatorName`, after it (see
    /// ``name``), if `source` has a name.
    @inlinable
    mutating func continueName<A, B>(of source: SignalProducer<A, B>, _ operatorName: StaticString) {
        if let sourceName = source.debugName { debugName = chainName(sourceName, operatorName) }
    }

    /// A copy of this producer with a name for debugging: ``description`` and
    /// ``logEvents(identifier:events:fileName:functionName:lineNumber:logger:)`` (when given no
    /// identifier) use it, and so does the signal of each run made with ``startWithSignal(_:)``.
    ///
    /// ```swift
    /// let search = api.search(query).named("search")
    /// ```
    public func named(_ name: String) -> SignalProducer {
        var named = self
        named.debugName = name
        return named
    }
}

extension SignalProducer: CustomStringConvertible {
    /// The producer's types and name, if it has one, as in `SignalProducer<Int, Never>("search")`.
    public var description: String {
        "SignalProducer<\(Value.self), \(Error.self)>\(name.map { "(\"\($0)\")" } ?? "")"
    }
}

/// The name of a stream derived by the operator `operatorName` (a function name such as
/// `map(_:)`) from a stream named `source`: `source.map`.
@usableFromInline
func chainName(_ source: String, _ operatorName: StaticString) -> String {
    let function = "\(operatorName)"
    let base = function.firstIndex(of: "(").map { function[..<$0] } ?? function[...]
    return "\(source).\(base)"
}
