import Dispatch
import Foundation

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
}
