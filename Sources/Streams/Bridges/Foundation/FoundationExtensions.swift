// Reactive extensions of Foundation types.

import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NotificationCenter: ReactiveExtensionsProvider {}

extension Reactive where Base: NotificationCenter {
    /// A signal of the notifications posted with `name` (any name if `nil`) by `object` (any
    /// object if `nil`).
    ///
    /// - Values: each matching notification, on the thread that posted it.
    /// - Never fails or completes; the registration with the notification center is removed
    ///   once the signal is neither referenced nor observed.
    ///
    /// - Parameters:
    ///   - name: The name to observe, or `nil` for all.
    ///   - object: The sender to observe, or `nil` for any.
    /// - Returns: A hot signal of notifications.
    public func notifications(forName name: Notification.Name?, object: AnyObject? = nil) -> Signal<Notification, Never> {
        let center = base
        return Signal { observer, lifetime in
            // The registration token is only handed back to the center, which is thread-safe.
            nonisolated(unsafe) let registration = center.addObserver(
                forName: name, object: object, queue: nil
            ) { notification in
                observer.send(value: notification)
            }
            lifetime.observeEnded { center.removeObserver(registration) }
        }
    }
}

extension URLSession: ReactiveExtensionsProvider {}

extension Reactive where Base: URLSession {
    /// A producer that performs `request` each time it is started.
    ///
    /// - Values: the data and the response, once, when the request succeeds; then completion.
    /// - Errors: the transport error if the request fails.
    /// - Interruption: disposing the run cancels the request.
    /// - Scheduler: events are delivered on the session's delegate queue.
    ///
    /// - Parameter request: The request to perform.
    /// - Returns: A producer of one response per start.
    public func data(with request: URLRequest) -> SignalProducer<(Data, URLResponse), Swift.Error> {
        let session = base
        return SignalProducer { observer, lifetime in
            let task = session.dataTask(with: request) { data, response, error in
                if let data, let response {
                    observer.send(value: (data, response))
                    observer.sendCompleted()
                } else {
                    observer.send(error: error ?? URLError(.badServerResponse))
                }
            }
            lifetime.observeEnded { task.cancel() }
            task.resume()
        }
    }
}
