// The check on closures written in actor-isolated code and called outside their actor: what it
// looks at, what it does by default (report once per call site, and call the closure), and the
// switch that makes it stop the program instead.

import CExecutorCheck
import Dispatch
import Foundation

/// What Streams does when an observer closure written in code isolated to an actor (a
/// `@MainActor` view model, say) is called outside that actor.
///
/// In the Swift 6 language mode, a closure written in `@MainActor` code may touch the main
/// actor's state, so it must run on the main actor. A stream calls its observers on the thread
/// that delivers the event; when that thread is not the main thread (a value sent from a
/// `QueueScheduler`, a network callback, a global queue), such a closure would touch the main
/// actor's state from another thread. The fix is a hop: `observe(on: UIScheduler())` before the
/// observation, or a form that takes `on: MainActor.self`.
///
/// The check applies to the closures that receive a stream's events: the `observe…` and
/// `start…` forms, the owner-bound forms, ``LastValueSignal``'s observers and the side effects of
/// `on(...)`. By default (``Mode-swift.enum/report``) the closure is called where the event is
/// delivered, as ReactiveSwift calls it, and the mistake is reported once per call site: the
/// form, the file and line of the call, and the fix. ``Mode-swift.enum/stop`` stops the program
/// there instead, for teams that want Swift 6's strictness at run time, and for tests.
///
/// ```swift
/// // In a test target, or at the start of a debug build of an app:
/// IsolationChecking.mode = .stop
/// ```
///
/// The mode can also be set without code, with the environment variable
/// `STREAMS_ISOLATION_CHECKING` set to `off`, `report` or `stop`, read when the first violation
/// happens; a mode set in code wins.
///
/// Until the main queue runs its first block, the program is in synchronous top-level code (a
/// script, or a command-line tool's `main.swift` before it calls `dispatchMain()`): the main
/// thread is running that code and no hop to the main actor could ever run, so a closure written
/// there runs where it is called, and nothing is reported.
///
/// Nothing is checked, and nothing is paid, for closures written in code isolated to no actor.
/// In actor-isolated code, each call of a checked closure tests the thread it runs on.
public enum IsolationChecking {
    /// The responses to a closure called outside the actor it was written for.
    public enum Mode: String, Sendable, CaseIterable {
        /// Call the closure where the event is delivered, and report nothing.
        case off
        /// Call the closure where the event is delivered, as ReactiveSwift does, and report the
        /// call site once (to ``reportHandler``, or standard error). The default.
        case report
        /// Stop the program with the report before the closure runs.
        case stop
    }

    /// The mode of the check; ``Mode-swift.enum/report`` unless set here or by the environment
    /// variable `STREAMS_ISOLATION_CHECKING`.
    public static var mode: Mode {
        get { settings.withLock { $0.mode } ?? environmentMode }
        set { settings.withLock { $0.mode = newValue } }
    }

    /// Receives each report in ``Mode-swift.enum/report`` mode instead of standard error: route it
    /// to your logger, or collect reports in a test. Called on the thread where the violation
    /// happened, once per call site; `nil` (the default) writes the report to standard error.
    public static var reportHandler: (@Sendable (IsolationViolation) -> Void)? {
        get { settings.withLock { $0.reportHandler } }
        set { settings.withLock { $0.reportHandler = newValue } }
    }

    /// What is set in code, and the call sites already reported.
    private struct Settings: Sendable {
        var mode: Mode?
        var reportHandler: (@Sendable (IsolationViolation) -> Void)?
        var reported: Set<IsolationViolation.Site> = []
    }

    private static let settings = Locked(Settings())

    /// The mode named by `STREAMS_ISOLATION_CHECKING`, or ``Mode-swift.enum/report``.
    private static let environmentMode: Mode = {
        guard let name = ProcessInfo.processInfo.environment["STREAMS_ISOLATION_CHECKING"] else { return .report }
        return Mode(rawValue: name.lowercased()) ?? .report
    }()

    /// Responds to `violation` according to the mode: stops the program, or reports it unless its
    /// call site was reported before. Returns when the closure should be called.
    static func handle(_ violation: IsolationViolation) {
        let (mode, handler, first) = settings.withLock { settings in
            let mode = settings.mode ?? environmentMode
            guard mode == .report else { return (mode, settings.reportHandler, false) }
            return (mode, settings.reportHandler, settings.reported.insert(violation.site).inserted)
        }
        switch mode {
        case .off:
            return
        case .stop:
            fatalError(violation.description, file: violation.site.file, line: violation.site.line)
        case .report:
            guard first else { return }
            if let handler {
                handler(violation)
            } else {
                FileHandle.standardError.write(Data("warning: \(violation.report)\n".utf8))
            }
        }
    }
}

/// A closure written in code isolated to an actor, called outside that actor: what
/// ``IsolationChecking`` reports.
public struct IsolationViolation: Sendable, Hashable, CustomStringConvertible {
    /// A call that registered a checked closure: the form used and where it was written.
    struct Site: Sendable, Hashable {
        let form: String
        let file: StaticString
        let line: UInt

        static func == (lhs: Site, rhs: Site) -> Bool {
            lhs.line == rhs.line && lhs.form == rhs.form && "\(lhs.file)" == "\(rhs.file)"
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(form)
            hasher.combine("\(file)")
            hasher.combine(line)
        }
    }

    let site: Site

    /// The actor the closure was written for: `MainActor`, or the type of a custom actor.
    public let actor: String

    /// The form that registered the closure, such as `observeValues(_:)`.
    public var form: String { site.form }

    /// The file of the call that registered the closure, as `#fileID` gives it (`Module/File.swift`).
    public var fileID: String { "\(site.file)" }

    /// The line of the call that registered the closure.
    public var line: UInt { site.line }

    /// How to deliver on the actor instead.
    public var fix: String {
        guard actor == "MainActor" else {
            return "to run it on the actor, iterate `values` with `for await` inside the actor instead"
        }
        return "to run it on the main actor, put `observe(on: UIScheduler())` before it, use a form that takes "
            + "`on: MainActor.self` (such as `observeValues(on: MainActor.self)`), or pass `on: UIScheduler()` to "
            + "an owner-bound form"
    }

    /// What happened and the fix: the form, the call site, the actor and how to deliver on it.
    public var description: String {
        "\(form) at \(fileID):\(line): the closure was written in code isolated to \(actor) but is called "
            + "outside it, on another thread; \(fix)"
    }

    /// The report of ``IsolationChecking/Mode-swift.enum/report`` mode: the description, and what
    /// Streams does about it.
    var report: String {
        "\(self). It runs where it is called, as in ReactiveSwift, and this call site is reported once; "
            + "set IsolationChecking.mode = .stop, or STREAMS_ISOLATION_CHECKING=stop, to stop the program here."
    }

    /// Whether two violations are of the same call site and the same actor.
    public static func == (lhs: IsolationViolation, rhs: IsolationViolation) -> Bool {
        lhs.site == rhs.site && lhs.actor == rhs.actor
    }

    /// Hashes the call site and the actor, the parts that `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(site)
        hasher.combine(actor)
    }
}

/// A closure registered from actor-isolated code: the actor, and the call that registered it.
/// The wrappers of ``isolationChecked(_:_:_:file:line:)`` call ``check()`` before the closure.
@usableFromInline
final class IsolatedCallSite: Sendable {
    let isolation: any Actor
    let isMainActor: Bool
    let form: StaticString
    let file: StaticString
    let line: UInt

    @usableFromInline
    init(_ isolation: any Actor, form: StaticString, file: StaticString, line: UInt) {
        self.isolation = isolation
        isMainActor = isolation is MainActor
        self.form = form
        self.file = file
        self.line = line
        if isMainActor { MainQueue.watchForService() }
    }

    /// Returns at once on the closure's actor; otherwise responds to the violation according to
    /// ``IsolationChecking/mode``, stopping the program or returning for the closure to be called.
    @usableFromInline
    func check() {
        if isMainActor {
            // Off the main queue before the main queue is served: synchronous top-level code,
            // where no hop could run (see `IsolationChecking`).
            if MainQueue.isCurrent || !MainQueue.isServed { return }
        } else if isCurrentExecutor(isolation) {
            return
        }
        let actor = isMainActor ? "MainActor" : "\(type(of: isolation))"
        IsolationChecking.handle(IsolationViolation(
            site: IsolationViolation.Site(form: "\(form)", file: file, line: line), actor: actor))
    }
}

/// Whether the caller runs on `actor`'s executor.
private func isCurrentExecutor(_ actor: any Actor) -> Bool {
    let executor = unsafeBitCast(actor.unownedExecutor, to: (UnsafeRawPointer?, UInt).self)
    return streams_is_current_executor(executor.0, executor.1)
}

/// Wraps `action`, written in code isolated to `isolation`, so that each call outside that actor
/// is handled as ``IsolationChecking`` says; `form`, `file` and `line` name the call that
/// registered it. Returns `action` itself when the code was not isolated.
@inlinable
func isolationChecked<T>(
    _ action: @escaping (T) -> Void, _ isolation: (any Actor)?, _ form: StaticString, file: StaticString, line: UInt
) -> (T) -> Void {
    guard let isolation else { return action }
    let site = IsolatedCallSite(isolation, form: form, file: file, line: line)
    return { value in
        site.check()
        action(value)
    }
}

/// ``isolationChecked(_:_:_:file:line:)`` for closures of two parameters, as the owner-bound
/// forms take.
@inlinable
func isolationChecked<A, B>(
    _ action: @escaping (A, B) -> Void, _ isolation: (any Actor)?, _ form: StaticString, file: StaticString, line: UInt
) -> (A, B) -> Void {
    guard let isolation else { return action }
    let site = IsolatedCallSite(isolation, form: form, file: file, line: line)
    return { first, second in
        site.check()
        action(first, second)
    }
}

/// ``isolationChecked(_:_:_:file:line:)`` for closures without a parameter.
@inlinable
func isolationChecked(
    _ action: @escaping () -> Void, _ isolation: (any Actor)?, _ form: StaticString, file: StaticString, line: UInt
) -> () -> Void {
    guard let isolation else { return action }
    let site = IsolatedCallSite(isolation, form: form, file: file, line: line)
    return {
        site.check()
        action()
    }
}

/// ``isolationChecked(_:_:_:file:line:)`` for an optional closure without a parameter, as
/// `on(...)` takes.
@inlinable
func isolationCheckedIfAny(
    _ action: (() -> Void)?, _ isolation: (any Actor)?, _ form: StaticString, file: StaticString, line: UInt
) -> (() -> Void)? {
    guard let action else { return nil }
    let checked: () -> Void = isolationChecked(action, isolation, form, file: file, line: line)
    return checked
}

/// ``isolationChecked(_:_:_:file:line:)`` for an optional closure of one parameter, as `on(...)`
/// takes.
@inlinable
func isolationCheckedIfAny<T>(
    _ action: ((T) -> Void)?, _ isolation: (any Actor)?, _ form: StaticString, file: StaticString, line: UInt
) -> ((T) -> Void)? {
    guard let action else { return nil }
    let checked: (T) -> Void = isolationChecked(action, isolation, form, file: file, line: line)
    return checked
}
