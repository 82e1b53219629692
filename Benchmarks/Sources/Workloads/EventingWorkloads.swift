// W12 bus-post and W13 owner-bound: the eventing layer against NotificationCenter, a closure
// array and W3's plain observers.

import Foundation
import Streams

// MARK: - W12 bus-post

private let w12Posts = 1_000_000

/// The posted type.
private struct Posted { let value: Int }

/// A thousand distinct types, `Other<A, B, C>` for every choice of three digits, that the
/// other recipients register for.
private enum D0 {}
private enum D1 {}
private enum D2 {}
private enum D3 {}
private enum D4 {}
private enum D5 {}
private enum D6 {}
private enum D7 {}
private enum D8 {}
private enum D9 {}
private struct Other<A, B, C> {}

/// Visits each of the ten digit types, as a generic parameter.
private protocol DigitVisitor {
    func visit<D>(_: D.Type)
}

private func visitDigits<V: DigitVisitor>(_ visitor: V) {
    visitor.visit(D0.self); visitor.visit(D1.self); visitor.visit(D2.self); visitor.visit(D3.self)
    visitor.visit(D4.self); visitor.visit(D5.self); visitor.visit(D6.self); visitor.visit(D7.self)
    visitor.visit(D8.self); visitor.visit(D9.self)
}

/// Registers one block for each of the thousand `Other` types.
private struct RegisterOthers: DigitVisitor {
    let bus: PostOffice
    func visit<A>(_: A.Type) { visitDigits(Second<A>(bus: bus)) }

    struct Second<A>: DigitVisitor {
        let bus: PostOffice
        func visit<B>(_: B.Type) { visitDigits(Third<A, B>(bus: bus)) }
    }

    struct Third<A, B>: DigitVisitor {
        let bus: PostOffice
        func visit<C>(_: C.Type) {
            bus.register { (_: Other<A, B, C>) in fatalError("W12: a post reached a recipient of another type") }
        }
    }
}

extension Workload {
    static let busPost: Workload = {
        var reference = 0
        for i in 0..<w12Posts { reference &+= i }
        let expected = reference
        func streams(otherRecipients: Bool) -> @Sendable (Stopwatch) -> Int {
            { stopwatch in
                let bus = PostOffice()
                if otherRecipients { visitDigits(RegisterOthers(bus: bus)) }
                let sum = Sum()
                bus.register { (posted: Posted) in sum.value &+= posted.value }
                stopwatch.start()
                for i in 0..<w12Posts { bus.post(Posted(value: i)) }
                stopwatch.stop()
                return sum.value
            }
        }
        return Workload(
            id: "W12", name: "bus-post", unit: "post",
            summary: "a typed bus with 1,000 recipients of 1,000 other types and 1 of the posted type; 1,000,000 posts",
            variants: [
                Variant(contender: .streams, size: nil, events: w12Posts, expected: expected,
                        run: streams(otherRecipients: true), repetitions: 10),
                Variant(contender: .streams, size: "no other recipients", events: w12Posts, expected: expected,
                        run: streams(otherRecipients: false), repetitions: 10),
                Variant(contender: .notificationCenter, size: nil, events: w12Posts, expected: expected, run: { stopwatch in
                    let center = NotificationCenter()
                    var observers: [NSObjectProtocol] = []
                    for index in 0..<1_000 {
                        observers.append(center.addObserver(
                            forName: Notification.Name("other \(index)"), object: nil, queue: nil
                        ) { _ in fatalError("W12: a notification reached an observer of another name") })
                    }
                    let name = Notification.Name("posted")
                    // Observer blocks are @Sendable; posts are synchronous on this thread.
                    final class Total: @unchecked Sendable { var value = 0 }
                    let sum = Total()
                    observers.append(center.addObserver(forName: name, object: nil, queue: nil) { note in
                        sum.value &+= note.userInfo!["value"] as! Int
                    })
                    stopwatch.start()
                    for i in 0..<w12Posts { center.post(name: name, object: nil, userInfo: ["value": i]) }
                    stopwatch.stop()
                    for observer in observers { center.removeObserver(observer) }
                    return sum.value
                }, repetitions: 5),
                Variant(contender: .baseline, size: nil, events: w12Posts, expected: expected, run: { stopwatch in
                    // The plain-Swift bus: an array of recipients tagged with their type; every
                    // post scans them all and calls those of its type.
                    let sum = Sum()
                    let posted = ObjectIdentifier(Posted.self)
                    var recipients: [(type: ObjectIdentifier, receive: (Any) -> Void)] = (0..<1_000).map { index in
                        (ObjectIdentifier(index == 0 ? Other<D0, D0, D0>.self : Other<D1, D1, D1>.self),
                         { _ in fatalError("W12: a post reached a recipient of another type") })
                    }
                    recipients.append((posted, { mail in sum.value &+= (mail as! Posted).value }))
                    let all = opaque(recipients)
                    stopwatch.start()
                    for i in 0..<w12Posts {
                        let mail: Any = Posted(value: i)
                        for recipient in all where recipient.type == posted { recipient.receive(mail) }
                    }
                    stopwatch.stop()
                    return sum.value
                }, repetitions: 5),
            ]
        )
    }()
}

// MARK: - W13 owner-bound

private let w13Sends = 100_000
private let w13Observers = 100

extension Workload {
    static let ownerBound: Workload = {
        var reference = 0
        for i in 0..<w13Sends { reference &+= i }
        let expected = reference &* w13Observers
        let events = w13Sends * w13Observers
        return Workload(
            id: "W13", name: "owner-bound", unit: "delivery (send × observer)",
            summary: "one hot source, 100 observers bound to owner objects, each summing; 100,000 sends",
            variants: [
                Variant(contender: .streams, size: nil, events: events, expected: expected, run: { _ in
                    let owners = (0..<w13Observers).map { _ in Sum() }
                    let (signal, input) = Signal<Int, Never>.pipe()
                    for owner in owners { signal.observe(with: owner) { owner, value in owner.value &+= value } }
                    for i in 0..<w13Sends { input.send(value: i) }
                    input.sendCompleted()
                    return owners.reduce(0) { $0 &+ $1.value }
                }, repetitions: 15),
                Variant(contender: .streams, size: "plain observers (W3)", events: events, expected: expected, run: { _ in
                    let sums = (0..<w13Observers).map { _ in Sum() }
                    let (signal, input) = Signal<Int, Never>.pipe()
                    for sum in sums { signal.observeValues { sum.value &+= $0 } }
                    for i in 0..<w13Sends { input.send(value: i) }
                    input.sendCompleted()
                    return sums.reduce(0) { $0 &+ $1.value }
                }, repetitions: 15),
                Variant(contender: .baseline, size: nil, events: events, expected: expected, run: { _ in
                    // Weak owners in an array of closures, each checked per call.
                    let owners = (0..<w13Observers).map { _ in Sum() }
                    let observers: [(Int) -> Void] = opaque(owners.map { owner in
                        { [weak owner] value in owner?.value &+= value }
                    })
                    for i in 0..<w13Sends {
                        for observer in observers { observer(i) }
                    }
                    return owners.reduce(0) { $0 &+ $1.value }
                }, repetitions: 15),
            ]
        )
    }()
}
