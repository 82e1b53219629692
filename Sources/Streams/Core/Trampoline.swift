// The trampoline that bounds the nesting of sequencing runs on one thread: the public `start`
// methods run inside it (``SequencingTrampoline/isolated(_:)``), and the sequencing engine
// (`Operators/Sequencing/SequenceRun.swift`) hands it the drains that would nest too deep.

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Something ``SequencingTrampoline`` can run now or later.
@usableFromInline
protocol TrampolineTask: AnyObject {
    /// Does the work; called exactly once per time the task was handed to the trampoline.
    func runTrampolineTask()
}

/// Bounds the nesting of sequencing runs on one thread.
///
/// Each thread counts the sequencing drains on its stack. A drain that would start past
/// ``maximumDepth`` is queued instead, and the outermost drain on the thread runs the queue, in
/// order, once its own work is done, before returning. Since the outermost drain is below on the
/// stack, every queued task runs before control leaves the framework call that started it.
@usableFromInline
final class SequencingTrampoline {
    /// How many sequencing drains may nest on one thread before the next one is queued.
    @usableFromInline static let maximumDepth = 8

    private var depth = 0
    private var queue = FIFOBuffer<TrampolineTask>()

    private init() {}

    /// Runs `task` now, or after the outermost drain on this thread has done its own work.
    @usableFromInline
    static func run(_ task: TrampolineTask) {
        current.run(task)
    }

    private func run(_ task: TrampolineTask) {
        guard depth < Self.maximumDepth else {
            queue.append(task)
            return
        }
        depth += 1
        task.runTrampolineTask()
        depth -= 1
        guard depth == 0, !queue.isEmpty else { return }
        // The outermost drain on this thread: run what deeper ones queued, each from this level.
        depth = 1
        while let next = queue.popFirst() {
            next.runTrampolineTask()
        }
        depth = 0
    }

    /// Runs now, from this level of the stack, the drains postponed on this thread, and those
    /// they postpone in turn, until none is left.
    ///
    /// A sequencing source calls it before handing over each value. A synchronous source runs to
    /// its end inside the call that started it; were the drains of the stages it sent waiting
    /// for the outermost drain below, the source would run ahead of them, forever for an endless
    /// one. Running them here keeps it one stage ahead at most, and what they start is postponed
    /// and run by this same loop, so the stack stays bounded.
    @usableFromInline
    static func runPostponed() {
        guard let existing = pthread_getspecific(key) else { return }
        let trampoline = Unmanaged<SequencingTrampoline>.fromOpaque(existing).takeUnretainedValue()
        while let next = trampoline.queue.popFirst() {
            next.runTrampolineTask()
        }
    }

    /// Runs `body` with a trampoline of its own on this thread: drains that `body` causes run
    /// before it returns, even if it is called from deep inside nested sequencing runs.
    ///
    /// The public `start` methods go through here, so that a run started by user code (a
    /// blocking `first()` inside an observer, say) is never postponed behind the drains of the
    /// runs around it; only the engine's own stage starts share the trampoline.
    ///
    /// Inlined, with the test of the common case (no drain under way on this thread) out of
    /// line and free of generics: a start pays that test alone.
    @inlinable
    static func isolated<R>(_ body: () -> R) -> R {
        guard isDraining else { return body() }
        return isolatedFromDrain(body)
    }

    /// Whether a sequencing drain is under way on this thread.
    @usableFromInline
    static var isDraining: Bool {
        guard let existing = pthread_getspecific(key) else { return false }
        return Unmanaged<SequencingTrampoline>.fromOpaque(existing).takeUnretainedValue().depth > 0
    }

    /// ``isolated(_:)`` while a drain is under way on this thread: runs `body` with the
    /// trampoline's depth and queue set aside.
    @usableFromInline
    static func isolatedFromDrain<R>(_ body: () -> R) -> R {
        let trampoline = current
        let saved = (trampoline.depth, trampoline.queue)
        trampoline.depth = 0
        trampoline.queue = FIFOBuffer()
        defer { (trampoline.depth, trampoline.queue) = saved }
        return body()
    }

    /// The trampoline of the current thread, created on first use and freed with the thread.
    private static var current: SequencingTrampoline {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<SequencingTrampoline>.fromOpaque(existing).takeUnretainedValue()
        }
        let created = SequencingTrampoline()
        pthread_setspecific(key, Unmanaged.passRetained(created).toOpaque())
        return created
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, releaseTrampoline)
        precondition(status == 0, "SequencingTrampoline: pthread_key_create failed with \(status)")
        return key
    }()
}

#if canImport(Darwin)
private func releaseTrampoline(_ pointer: UnsafeMutableRawPointer) {
    Unmanaged<SequencingTrampoline>.fromOpaque(pointer).release()
}
#else
private func releaseTrampoline(_ pointer: UnsafeMutableRawPointer?) {
    guard let pointer else { return }
    Unmanaged<SequencingTrampoline>.fromOpaque(pointer).release()
}
#endif
