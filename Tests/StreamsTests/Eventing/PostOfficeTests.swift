import Foundation
import Testing
@testable import Streams
import TestSupport

struct Saved: Equatable { let id: Int }
struct Deleted: Equatable { let id: Int }
class Animal { let name: String; init(_ name: String) { self.name = name } }
final class Dog: Animal {}
protocol Alert { var level: Int { get } }
struct Warning: Alert { let level: Int }
struct Failure: Alert { let level: Int }
final class Editor {}
final class Importer {}

/// A recipient object with methods of every shape the bus accepts.
final class Inbox: @unchecked Sendable {
    var log: [String] = []
    init() {}
    func saved(_ mail: Saved) { log.append("saved \(mail.id)") }
    func savedByEditor(_ mail: Saved, sender: Editor) { log.append("editor saved \(mail.id)") }
    func savedMaybeByEditor(_ mail: Saved, sender: Editor?) {
        log.append("saved \(mail.id) by \(sender == nil ? "nobody" : "editor")")
    }
}

@Suite("Eventing: PostOffice")
struct PostOfficeTests {
    @Test("a post reaches the recipients of its type only")
    func routesByType() {
        let bus = PostOffice()
        var log: [String] = []
        bus.register { (mail: Saved) in log.append("saved \(mail.id)") }
        bus.register { (mail: Deleted) in log.append("deleted \(mail.id)") }
        bus.post(Saved(id: 1))
        bus.post(Deleted(id: 2))
        bus.post("a string nobody registered for")
        #expect(log == ["saved 1", "deleted 2"])
    }

    @Test("a registration for a class receives its subclasses; one for a subclass does not receive the base")
    func subclasses() {
        let bus = PostOffice()
        var log: [String] = []
        bus.register { (animal: Animal) in log.append("animal \(animal.name)") }
        bus.register { (dog: Dog) in log.append("dog \(dog.name)") }
        bus.post(Dog("rex"))
        bus.post(Animal("generic"))
        let asBase: Animal = Dog("fido")
        bus.post(asBase)
        #expect(log == ["animal rex", "dog rex", "animal generic", "animal fido", "dog fido"])
    }

    @Test("a registration for a protocol receives every conforming type")
    func protocols() {
        let bus = PostOffice()
        var levels: [Int] = []
        bus.register { (alert: any Alert) in levels.append(alert.level) }
        bus.post(Warning(level: 1))
        bus.post(Failure(level: 2))
        bus.post(Saved(id: 3))
        #expect(levels == [1, 2])
    }

    @Test("a sender-typed recipient gets posts from that sender type; an optional-sender one also posts with no sender")
    func senderTypes() {
        let bus = PostOffice()
        let inbox = Inbox()
        bus.register(inbox, Inbox.savedByEditor)
        bus.register(inbox, Inbox.savedMaybeByEditor)
        bus.register(inbox, Inbox.saved)
        bus.post(Saved(id: 1), sender: Editor())
        bus.post(Saved(id: 2), sender: Importer())
        bus.post(Saved(id: 3))
        #expect(inbox.log == [
            "editor saved 1", "saved 1 by editor", "saved 1",
            "saved 2",
            "saved 3 by nobody", "saved 3",
        ])
    }

    @Test("sender blocks: required, optional, and one exact instance")
    func senderBlocks() {
        let bus = PostOffice()
        let editor = Editor()
        var log: [String] = []
        bus.register { (mail: Saved, _: Editor) in log.append("typed \(mail.id)") }
        bus.register { (mail: Saved, sender: Editor?) in log.append("optional \(mail.id) \(sender == nil)") }
        bus.register(sender: editor) { (mail: Saved) in log.append("exact \(mail.id)") }
        bus.post(Saved(id: 1), sender: editor)
        bus.post(Saved(id: 2), sender: Editor())
        bus.post(Saved(id: 3))
        #expect(log == [
            "typed 1", "optional 1 false", "exact 1",
            "typed 2", "optional 2 false",
            "optional 3 true",
        ])
    }

    @Test("a recipient object is held weakly and its registration ends once it has gone")
    func weakRecipient() {
        let bus = PostOffice()
        weak var weakInbox: Inbox?
        do {
            let inbox = Inbox()
            weakInbox = inbox
            bus.register(inbox, Inbox.saved)
            bus.post(Saved(id: 1))
            #expect(inbox.log == ["saved 1"])
        }
        #expect(weakInbox == nil)
        #expect(bus.recipientCount == 1)
        bus.post(Saved(id: 2))
        #expect(bus.recipientCount == 0)
    }

    @Test("a block is kept until unregistered by its ID, then released")
    func blockUntilUnregistered() {
        let bus = PostOffice()
        weak var weakCaptured: TestCanary?
        let count = TestBox(0)
        let id: RecipientID
        do {
            let captured = TestCanary()
            weakCaptured = captured
            id = bus.register { (_: Saved) in
                _ = captured
                count.value += 1
            }
        }
        bus.post(Saved(id: 1))
        #expect(weakCaptured != nil)
        bus.unregister(id)
        bus.post(Saved(id: 2))
        #expect(count.value == 1)
        #expect(weakCaptured == nil)
        bus.unregister(id)  // a second time does nothing
        #expect(bus.recipientCount == 0)
    }

    @Test("an ID ends only the registration it was returned for: not one on another bus, and nothing once used")
    func idsBelongToTheirRegistration() {
        let orders = PostOffice()
        let chat = PostOffice()
        var log: [String] = []
        let orderID = orders.register { (mail: Saved) in log.append("order \(mail.id)") }
        let chatID = chat.register { (mail: Saved) in log.append("chat \(mail.id)") }
        #expect(orderID != chatID)
        orders.unregister(chatID)
        chat.unregister(orderID)
        orders.post(Saved(id: 1))
        chat.post(Saved(id: 2))
        #expect(log == ["order 1", "chat 2"])
        orders.unregister(orderID)
        let laterID = orders.register { (mail: Saved) in log.append("later \(mail.id)") }
        orders.unregister(orderID)  // already used: the later registration stays
        orders.post(Saved(id: 3))
        #expect(log == ["order 1", "chat 2", "later 3"])
        orders.unregister(laterID)
        orders.post(Saved(id: 4))
        #expect(log == ["order 1", "chat 2", "later 3"])
    }

    @Test("unregistering a recipient ends all of its registrations, and only its own")
    func unregisterRecipient() {
        let bus = PostOffice()
        let first = Inbox()
        let second = Inbox()
        bus.register(first, Inbox.saved)
        bus.register(first, Inbox.savedMaybeByEditor)
        bus.register(second, Inbox.saved)
        bus.unregister(first)
        bus.post(Saved(id: 1))
        #expect(first.log.isEmpty)
        #expect(second.log == ["saved 1"])
        #expect(bus.recipientCount == 1)
    }

    @Test("a post from inside a recipient is delivered after the current post, to every recipient")
    func postFromInsideRecipient() {
        let bus = PostOffice()
        var log: [String] = []
        bus.register { [weak bus] (mail: Saved) in
            log.append("first saw \(mail.id)")
            if mail.id == 1 { bus?.post(Saved(id: 2)) }
        }
        bus.register { (mail: Saved) in log.append("second saw \(mail.id)") }
        bus.post(Saved(id: 1))
        #expect(log == ["first saw 1", "second saw 1", "first saw 2", "second saw 2"])
    }

    @Test("registering during a post takes effect from the next post; unregistering takes effect at once")
    func changesDuringPost() {
        let bus = PostOffice()
        var log: [String] = []
        var secondID: RecipientID?
        bus.register { [weak bus] (mail: Saved) in
            log.append("first \(mail.id)")
            if mail.id == 1 {
                bus?.register { (mail: Saved) in log.append("late \(mail.id)") }
                if let secondID { bus?.unregister(secondID) }
            }
        }
        secondID = bus.register { (mail: Saved) in log.append("second \(mail.id)") }
        bus.post(Saved(id: 1))
        bus.post(Saved(id: 2))
        #expect(log == ["first 1", "first 2", "late 2"])
    }

    @Test("a recipient with a scheduler is called there, and not after it has gone")
    func schedulerPerRecipient() {
        let bus = PostOffice()
        let scheduler = TestScheduler()
        let kept = Inbox()
        bus.register(on: scheduler, kept, Inbox.saved)
        weak var weakGone: Inbox?
        do {
            let gone = Inbox()
            weakGone = gone
            bus.register(on: scheduler, gone, Inbox.saved)
            bus.post(Saved(id: 1))
        }
        #expect(kept.log.isEmpty)
        #expect(weakGone == nil, "a post waiting on a scheduler does not keep its recipient")
        scheduler.run()
        #expect(kept.log == ["saved 1"])
    }

    @Test("a private bus is separate from the default one, and frees its recipients when it goes")
    func privateAndDefault() {
        weak var weakCaptured: TestCanary?
        var privateLog: [Int] = []
        do {
            let bus = PostOffice(name: "private")
            let captured = TestCanary()
            weakCaptured = captured
            bus.register { (mail: Saved) in
                _ = captured
                privateLog.append(mail.id)
            }
            PostOffice.default.post(Saved(id: 1))
            bus.post(Saved(id: 2))
            #expect(bus.description == "PostOffice(\"private\", 1 recipients)")
        }
        #expect(privateLog == [2])
        #expect(weakCaptured == nil)
        #expect(PostOffice.default.name == "default")
    }
}

extension ConcurrencySuites {
    @Suite("Eventing Concurrency: PostOffice", .timeLimit(.minutes(5)), .offCooperativePool)
    struct PostOfficeConcurrencyTests {
        @Test("posts from several threads are delivered one at a time, each exactly once, while recipients come and go")
        func concurrentPosts() {
            let bus = PostOffice()
            let overlap = OverlapDetector()
            let received = TestCounter()
            bus.register { (_: Saved) in
                overlap.enter()
                received.increment()
                _ = spin(20)
                overlap.leave()
            }
            let churn = onNewThread {
                for _ in 0..<500 {
                    let id = bus.register { (_: Deleted) in }
                    let inbox = Inbox()
                    bus.register(inbox, Inbox.saved)
                    bus.unregister(id)
                }
            }
            let posters = (0..<3).map { _ in
                onNewThread { for id in 0..<2_000 { bus.post(Saved(id: id)) } }
            }
            for poster in posters { poster.wait() }
            churn.wait()
            #expect(received.value == 6_000)
            #expect(overlap.overlaps == 0)
        }
    }
}
