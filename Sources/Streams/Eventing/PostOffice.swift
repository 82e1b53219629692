// PostOffice: a type-safe notification bus.
import Synchronization

/// Identifies one registration with a ``PostOffice``; pass it to
/// ``PostOffice/unregister(_:)-(RecipientID)`` to end that registration.
///
/// IDs are unique in the process: an ID ends only the registration it was returned for.
/// Passed to another bus, or once its registration has ended, it changes nothing.
public struct RecipientID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt64

    /// The last ID handed out by any bus; 64 bits never wrap in practice.
    private static let lastRawValue = Synchronization.Atomic<UInt64>(0)

    /// A new ID, equal to no other.
    static func next() -> RecipientID {
        RecipientID(rawValue: lastRawValue.add(1, ordering: .relaxed).newValue)
    }

    /// `RecipientID(n)`.
    public var description: String { "RecipientID(\(rawValue))" }
}

/// A type-safe notification bus: post any value; recipients register for a type, and receive
/// the values of that type (and, for a class, of its subclasses; for a protocol, of the types
/// conforming to it).
///
/// ```swift
/// struct Saved { let id: Int }
///
/// final class Badge {
///     init() { PostOffice.default.register(self, Badge.show) }
///     func show(_ saved: Saved) { print("saved \(saved.id)") }
/// }
///
/// let badge = Badge()
/// PostOffice.default.post(Saved(id: 7))   // prints "saved 7"
/// ```
///
/// - **Recipients.** An object with a method is held weakly: its registrations end by
///   themselves when it goes away. A block is kept until unregistered. Every registration
///   returns a ``RecipientID``; ``unregister(_:)-(RecipientID)`` ends one,
///   ``unregister(_:)-(AnyObject)`` ends every registration of an object.
/// - **Senders.** A post may name a sender object. A recipient taking `(Mail, Sender)` receives
///   the posts whose sender is a `Sender`; one taking `(Mail, Sender?)` also those with no
///   sender; one taking only `Mail` receives every post of its type. `register(sender:…)`
///   narrows a registration to posts from that one instance (held weakly).
/// - **Order and threads.** Posts are delivered one at a time, like the events of a
///   ``Signal``: a post from another thread waits for the delivery under way; a post from inside
///   a recipient is delivered right after the current one. Recipients are called in the order
///   they registered, on the posting thread, or on the scheduler they registered with.
///   Registering during a delivery takes effect from the next post; unregistering takes effect
///   at once.
/// - **Cost.** A post looks up the recipients of its type in a table built on first use of that
///   type, so recipients of other types cost nothing, however many there are.
public final class PostOffice: @unchecked Sendable {
    /// The shared bus.
    public static let `default` = PostOffice(name: "default")

    /// A name for debugging, used by ``description``.
    public let name: String?

    private let state = Locked(PostOfficeState())
    private let posts: Signal<Envelope, Never>
    private let input: Signal<Envelope, Never>.Observer

    /// Creates a private bus, independent of ``default``.
    public init(name: String? = nil) {
        self.name = name
        (posts, input) = Signal.pipe()
        let state = self.state
        posts.observe(Signal.Observer(value: { envelope in PostOffice.deliver(envelope, state: state) }))
    }

    /// The number of registrations currently held, across every type.
    public var recipientCount: Int { state.withLock { $0.registrationCount } }

    // MARK: Posting

    /// Delivers `mail` to every recipient registered for its type, a superclass of it, or a
    /// protocol it conforms to, whose sender requirement `sender` meets.
    ///
    /// - Parameters:
    ///   - mail: Any value.
    ///   - sender: The object posting, for recipients that filter on it; `nil` by default.
    public func post<Mail>(_ mail: Mail, sender: AnyObject? = nil) {
        let boxed = mail as Any
        input.send(value: Envelope(mail: boxed, type: ObjectIdentifier(type(of: boxed)), sender: sender))
    }

    private static func deliver(_ envelope: Envelope, state: Locked<PostOfficeState>) {
        let recipients = state.withLock { $0.recipients(for: envelope) }
        var gone: [Registration] = []
        for registration in recipients {
            if registration.deliver(envelope.mail, envelope.sender) == .gone { gone.append(registration) }
        }
        if !gone.isEmpty { state.withLock { for registration in gone { $0.remove(registration) } } }
    }

    // MARK: Registering blocks

    /// Calls `block` with every post of type `Mail`, whatever its sender, until unregistered.
    ///
    /// The block is held strongly: unregister it with the returned ID (or the ``Lifetime`` it
    /// was tied to) to release it.
    ///
    /// - Parameters:
    ///   - sender: If given, only posts from this very object (held weakly) are delivered.
    ///   - scheduler: Where to call `block`; on the posting thread when `nil`.
    ///   - block: Receives each post.
    @discardableResult
    public func register<Mail>(
        sender: AnyObject? = nil, on scheduler: Scheduler? = nil, _ block: @escaping (Mail) -> Void
    ) -> RecipientID {
        add(Mail.self, recipient: nil, sender: SenderFilter(exactly: sender), on: scheduler) { _, mail, _ in
            block(mail)
            return true
        }
    }

    /// Calls `block` with every post of type `Mail` whose sender is a `Sender`, until
    /// unregistered.
    @discardableResult
    public func register<Mail, Sender: AnyObject>(
        sender: Sender? = nil, on scheduler: Scheduler? = nil, _ block: @escaping (Mail, Sender) -> Void
    ) -> RecipientID {
        add(Mail.self, recipient: nil, sender: SenderFilter(exactly: sender), on: scheduler) { _, mail, sender in
            guard let sender = sender as? Sender else { return false }
            block(mail, sender)
            return true
        }
    }

    /// Calls `block` with every post of type `Mail` whose sender is a `Sender` or that has no
    /// sender, until unregistered.
    @discardableResult
    public func register<Mail, Sender: AnyObject>(
        sender: Sender? = nil, on scheduler: Scheduler? = nil, _ block: @escaping (Mail, Sender?) -> Void
    ) -> RecipientID {
        add(Mail.self, recipient: nil, sender: SenderFilter(exactly: sender), on: scheduler) { _, mail, sender in
            guard let sender else {
                block(mail, nil)
                return true
            }
            guard let typed = sender as? Sender else { return false }
            block(mail, typed)
            return true
        }
    }

    // MARK: Registering objects

    /// Calls `method` of `recipient` with every post of type `Mail`, for as long as `recipient`
    /// exists: it is held weakly, and its registration ends by itself once it has gone.
    ///
    /// ```swift
    /// PostOffice.default.register(self, Screen.show)
    /// ```
    ///
    /// - Parameters:
    ///   - sender: If given, only posts from this very object (held weakly) are delivered.
    ///   - scheduler: Where to call `method`; on the posting thread when `nil`.
    ///   - recipient: The object receiving the posts.
    ///   - method: The method to call, as `Type.method`.
    @discardableResult
    public func register<Recipient: AnyObject, Mail>(
        sender: AnyObject? = nil, on scheduler: Scheduler? = nil,
        _ recipient: Recipient, _ method: @escaping (Recipient) -> (Mail) -> Void
    ) -> RecipientID {
        add(Mail.self, recipient: recipient, sender: SenderFilter(exactly: sender), on: scheduler) { object, mail, _ in
            method(unsafeDowncast(object!, to: Recipient.self))(mail)
            return true
        }
    }

    /// Calls `method` of `recipient` with every post of type `Mail` whose sender is a
    /// `Sender`, for as long as `recipient` exists.
    @discardableResult
    public func register<Recipient: AnyObject, Mail, Sender: AnyObject>(
        sender: Sender? = nil, on scheduler: Scheduler? = nil,
        _ recipient: Recipient, _ method: @escaping (Recipient) -> (Mail, Sender) -> Void
    ) -> RecipientID {
        add(Mail.self, recipient: recipient, sender: SenderFilter(exactly: sender), on: scheduler) { object, mail, sender in
            guard let sender = sender as? Sender else { return false }
            method(unsafeDowncast(object!, to: Recipient.self))(mail, sender)
            return true
        }
    }

    /// Calls `method` of `recipient` with every post of type `Mail` whose sender is a `Sender`
    /// or that has no sender, for as long as `recipient` exists.
    @discardableResult
    public func register<Recipient: AnyObject, Mail, Sender: AnyObject>(
        sender: Sender? = nil, on scheduler: Scheduler? = nil,
        _ recipient: Recipient, _ method: @escaping (Recipient) -> (Mail, Sender?) -> Void
    ) -> RecipientID {
        add(Mail.self, recipient: recipient, sender: SenderFilter(exactly: sender), on: scheduler) { object, mail, sender in
            let target = unsafeDowncast(object!, to: Recipient.self)
            guard let sender else {
                method(target)(mail, nil)
                return true
            }
            guard let typed = sender as? Sender else { return false }
            method(target)(mail, typed)
            return true
        }
    }

    // MARK: Unregistering

    /// Ends the registration `id`: it receives nothing more, from the next delivery on, even
    /// during the post under way. Does nothing if it has already ended, or if `id` was returned
    /// by another bus.
    public func unregister(_ id: RecipientID) {
        let removed = state.withLock { $0.remove(id: id) }
        withExtendedLifetime(removed) {}
    }

    /// Ends every registration of `recipient` (registered with a method).
    public func unregister(_ recipient: AnyObject) {
        let removed = state.withLock { $0.remove(recipient: ObjectIdentifier(recipient)) }
        withExtendedLifetime(removed) {}
    }

    // MARK: Registration

    /// Adds a registration for `Mail`; `handle` receives the recipient (if any), the mail and
    /// the sender, and returns whether the sender suited it.
    private func add<Mail>(
        _: Mail.Type, recipient: AnyObject?, sender: SenderFilter, on scheduler: Scheduler?,
        _ handle: @escaping (AnyObject?, Mail, AnyObject?) -> Bool
    ) -> RecipientID {
        state.withLock { state in
            let id = state.nextID()
            let registration = Registration(
                id: id, recipient: recipient, sender: sender, scheduler: scheduler
            ) { object, mail, sender in
                // Routing guarantees `mail` is a `Mail`; the cast opens the box.
                guard let mail = mail as? Mail else { return false }
                return handle(object, mail, sender)
            }
            state.add(registration, for: Mail.self)
            return id
        }
    }
}

extension PostOffice: CustomStringConvertible {
    /// `PostOffice("name", n recipients)`.
    public var description: String {
        "PostOffice(\(name.map { "\"\($0)\", " } ?? "")\(recipientCount) recipients)"
    }
}

/// A post on its way: the mail, boxed, its dynamic type and its sender.
struct Envelope {
    let mail: Any
    let type: ObjectIdentifier
    let sender: AnyObject?
}

/// Which senders a registration accepts beyond its type requirement: any, or one instance.
enum SenderFilter {
    case any
    case exactly(Weak)

    init(exactly sender: AnyObject?) {
        self = sender.map { .exactly(Weak($0)) } ?? .any
    }

    final class Weak: @unchecked Sendable {
        weak var object: AnyObject?
        init(_ object: AnyObject) { self.object = object }
    }
}

/// One registration: who receives, from which senders, where, and how.
final class Registration: @unchecked Sendable {
    enum Outcome { case delivered, skipped, gone }

    let id: RecipientID
    /// The recipient object, held weakly; `nil` for a block.
    private weak var recipient: AnyObject?
    let recipientID: ObjectIdentifier?
    private let sender: SenderFilter
    private let scheduler: Scheduler?
    private let handle: (AnyObject?, Any, AnyObject?) -> Bool
    /// Cleared by unregistration, which then takes effect even during a post under way.
    let active = Synchronization.Atomic<Bool>(true)

    init(id: RecipientID, recipient: AnyObject?, sender: SenderFilter, scheduler: Scheduler?,
         handle: @escaping (AnyObject?, Any, AnyObject?) -> Bool) {
        self.id = id
        self.recipient = recipient
        recipientID = recipient.map(ObjectIdentifier.init)
        self.sender = sender
        self.scheduler = scheduler
        self.handle = handle
    }

    /// Delivers `mail` if the registration is active, its recipient alive and `sender` suits
    /// it; `.gone` once the recipient or the awaited sender has deallocated.
    func deliver(_ mail: Any, _ postSender: AnyObject?) -> Outcome {
        guard active.load(ordering: .acquiring) else { return .skipped }
        if case let .exactly(expected) = sender {
            guard let expected = expected.object else { return .gone }
            guard postSender === expected else { return .skipped }
        }
        let target: AnyObject?
        if recipientID != nil {
            guard let recipient else { return .gone }
            target = recipient
        } else {
            target = nil
        }
        if let scheduler {
            scheduler.schedule { [weak target, self] in
                guard self.active.load(ordering: .acquiring) else { return }
                if self.recipientID != nil, target == nil { return }
                _ = self.handle(target, mail, postSender)
            }
            return .delivered
        }
        return handle(target, mail, postSender) ? .delivered : .skipped
    }
}

/// The routing table of a ``PostOffice``, guarded by its lock.
struct PostOfficeState {
    /// The registrations for one registered type, in registration order.
    final class Mailbox {
        let accepts: (Any) -> Bool
        var registrations: ContiguousArray<Registration> = []

        init(accepts: @escaping (Any) -> Bool) {
            self.accepts = accepts
        }
    }

    /// One mailbox per registered type (a concrete type, a class, or a protocol).
    private var mailboxes: [ObjectIdentifier: Mailbox] = [:]
    /// For each posted type seen so far, the mailboxes whose type it is, inherits from or
    /// conforms to. Rebuilt lazily when a new type is registered.
    private var routes: [ObjectIdentifier: [Mailbox]] = [:]
    /// Where each registration lives, for removal by ID.
    private var index: [RecipientID: Mailbox] = [:]

    var registrationCount: Int { index.count }

    mutating func nextID() -> RecipientID {
        RecipientID.next()
    }

    mutating func add<Mail>(_ registration: Registration, for _: Mail.Type) {
        let key = ObjectIdentifier(Mail.self)
        let mailbox: Mailbox
        if let existing = mailboxes[key] {
            mailbox = existing
        } else {
            mailbox = Mailbox { $0 is Mail }
            mailboxes[key] = mailbox
            routes = [:]
        }
        mailbox.registrations.append(registration)
        index[registration.id] = mailbox
    }

    /// The registrations a post of `envelope`'s type reaches, in registration order within
    /// each type.
    mutating func recipients(for envelope: Envelope) -> ContiguousArray<Registration> {
        let route: [Mailbox]
        if let known = routes[envelope.type] {
            route = known
        } else {
            route = mailboxes.values.filter { $0.accepts(envelope.mail) }
            routes[envelope.type] = route
        }
        if route.count == 1 { return route[0].registrations }
        var all = ContiguousArray<Registration>()
        for mailbox in route { all.append(contentsOf: mailbox.registrations) }
        all.sort { $0.id.rawValue < $1.id.rawValue }
        return all
    }

    mutating func remove(id: RecipientID) -> Registration? {
        guard let mailbox = index.removeValue(forKey: id),
              let position = mailbox.registrations.firstIndex(where: { $0.id == id })
        else { return nil }
        let registration = mailbox.registrations.remove(at: position)
        registration.active.store(false, ordering: .releasing)
        return registration
    }

    mutating func remove(recipient: ObjectIdentifier) -> [Registration] {
        let ids = index.compactMap { id, mailbox in
            mailbox.registrations.contains { $0.id == id && $0.recipientID == recipient } ? id : nil
        }
        return ids.compactMap { remove(id: $0) }
    }

    mutating func remove(_ registration: Registration) {
        _ = remove(id: registration.id)
    }
}
