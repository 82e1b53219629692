import Dispatch
import Foundation
import Synchronization

/// Tells whether the caller runs on the main queue: on the main thread, or inside a block of the
/// main queue run by another thread (as on Linux once `dispatchMain()` has handed the main queue
/// over). The main actor runs there, so this is also the main actor's check.
package enum MainQueue {
    /// A mark on the main queue, set when first needed.
    private static let key: DispatchSpecificKey<UInt8> = {
        let key = DispatchSpecificKey<UInt8>()
        DispatchQueue.main.setSpecific(key: key, value: 1)
        return key
    }()

    /// Whether the caller runs on the main queue.
    package static var isCurrent: Bool {
        Thread.isMainThread || DispatchQueue.getSpecific(key: key) == 1
    }

    /// Whether a block posted by ``watchForService()`` has run: the main queue is being served (by
    /// `dispatchMain()`, a run loop, or an asynchronous `main`).
    private static let served = Atomic<Bool>(false)
    /// Whether ``watchForService()`` has posted its block.
    private static let watching = Atomic<Bool>(false)

    /// Posts, once per process, a block on the main queue that records that the queue is served.
    ///
    /// Until it has run, the program is still in synchronous top-level code (a script, or a
    /// tool's `main.swift` before it calls `dispatchMain()`): the main thread is busy running that
    /// code, and nothing sent to the main queue or the main actor runs.
    package static func watchForService() {
        guard !watching.load(ordering: .relaxed),
              !watching.exchange(true, ordering: .relaxed) else { return }
        DispatchQueue.main.async { served.store(true, ordering: .releasing) }
    }

    /// Whether the main queue has been seen running a block since ``watchForService()`` was first
    /// called; `false` before that call.
    package static var isServed: Bool { served.load(ordering: .acquiring) }
}
