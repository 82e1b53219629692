import Foundation
import Testing
import Streams

@Suite("Foundation bridge")
struct FoundationExtensionsTests {
    @Test("notifications arrive while observed, and the registration ends with the signal")
    func notifications() {
        let center = NotificationCenter()
        let name = Notification.Name("streams.test")
        var received = 0
        let observation = center.reactive.notifications(forName: name).observeValues { _ in received += 1 }
        center.post(name: name, object: nil)
        center.post(name: Notification.Name("other"), object: nil)
        #expect(received == 1)
        observation?.dispose()
        center.post(name: name, object: nil)
        #expect(received == 1)
    }
}
