import Foundation
import Synchronization
@testable import Streams

// The holds of the engine schedules (`EngineScheduleConcurrencyTests`, in
// `EngineScheduleTests.swift`): one delivery of the engine under test held while another thread
// runs its steps, and the script steps that set them up.

// MARK: - Holds

/// Holds one delivery of the engine under test while another thread acts, so that a schedule
/// makes a delivery overlap what another thread sends every time rather than when the machine
/// happens to interleave them.
///
/// A thread runs `heldSend(h, ...)`: it waits until the partner of `h` waits for it, then sends.
/// The first delivery this send makes on its own thread, to an observer made with these holds
/// (``ScheduleRecorder/holds``), is held: the observer does not return until the partner releases
/// it. The partner, another thread, runs `awaitHold(h)`, then its next steps while the delivery
/// is held, then `release(h)`. Those steps never wait for a delivery in progress: a correct
/// engine queues what they send behind the held delivery and returns. When the held send
/// delivers nothing on its own thread (its event waits for another thread's delivery, or is
/// dropped), nothing is held and the partner's steps run all the same.
///
/// Only atomics with relaxed ordering are used, so that a hold adds no synchronization that
/// could hide a missing one from ThreadSanitizer.
final class ScheduleHolds: Sendable {
    /// One hold: where its partner and its held send are.
    final class Hold: Sendable {
        /// Nobody waits for the held send yet.
        static var idle: Int { 0 }
        /// The partner waits for the held send to deliver.
        static var awaited: Int { 1 }
        /// A delivery is held, until the partner releases it.
        static var holding: Int { 2 }
        /// Released, or cancelled: nothing is held any more.
        static var done: Int { 3 }

        /// `idle`, `awaited`, `holding` or `done`.
        let state = Synchronization.Atomic<Int>(0)
        /// The thread of the held send, while it sends.
        let armedThread = Synchronization.Atomic<UInt>(0)
        /// Whether the held send returned.
        let sendReturned = Synchronization.Atomic<Bool>(false)
        /// Whether a delivery was held.
        let held = Synchronization.Atomic<Bool>(false)
    }

    /// The holds, by the index the script steps name.
    let holds: [Hold]
    /// How long a thread waits for another at a hold before reporting it.
    let seconds: Double
    private let reported = ScheduleShared<[String]>([])

    /// `count` holds, whose threads wait at most `seconds` for one another.
    init(count: Int, seconds: Double = 5) {
        holds = (0..<count).map { _ in Hold() }
        self.seconds = seconds
    }

    /// What went wrong at the holds: a thread that waited in vain.
    var problems: [String] { reported.value }

    /// How many deliveries were held.
    var heldCount: Int { holds.filter { $0.held.load(ordering: .relaxed) }.count }

    /// Records `problem`, from any thread.
    private func report(_ problem: String) {
        reported.update { $0.append(problem) }
    }

    /// The held send of hold `index`: `send` runs once the partner waits for it.
    func send(_ index: Int, _ send: () -> Void) {
        let hold = holds[index]
        if !waitUntil(seconds: seconds, { hold.state.load(ordering: .relaxed) != Hold.idle }) {
            report("hold #\(index): the partner thread did not reach its awaitHold within \(seconds) s")
        }
        hold.armedThread.store(currentThreadID(), ordering: .relaxed)
        send()
        hold.armedThread.store(0, ordering: .relaxed)
        hold.sendReturned.store(true, ordering: .relaxed)
    }

    /// A delivery to an observer made with these holds: held if it is the first the armed send
    /// of a hold makes on this thread.
    func deliveryArrived() {
        let thread = currentThreadID()
        for (index, hold) in holds.enumerated() where hold.armedThread.load(ordering: .relaxed) == thread {
            guard hold.state.compareExchange(
                expected: Hold.awaited, desired: Hold.holding, ordering: .relaxed).exchanged else { continue }
            hold.held.store(true, ordering: .relaxed)
            if !waitUntil(seconds: seconds, { hold.state.load(ordering: .relaxed) == Hold.done }) {
                report("hold #\(index): the partner's steps did not return within \(seconds) s while a delivery was held: a sender waited for the delivery in progress (deadlock)")
            }
            return
        }
    }

    /// The partner of hold `index`: returns once the delivery is held, or once the held send
    /// returned without holding one (the hold is then cancelled).
    func awaitHold(_ index: Int) {
        let hold = holds[index]
        hold.state.store(Hold.awaited, ordering: .relaxed)
        let settled = waitUntil(seconds: seconds) {
            hold.state.load(ordering: .relaxed) == Hold.holding || hold.sendReturned.load(ordering: .relaxed)
        }
        if !settled { report("hold #\(index): the held send neither delivered nor returned within \(seconds) s") }
        // Not held: cancelled, so that a later delivery is not held with nobody to release it.
        _ = hold.state.compareExchange(expected: Hold.awaited, desired: Hold.done, ordering: .relaxed)
    }

    /// Releases the delivery held by hold `index`, or lets a later held send go on.
    func release(_ index: Int) {
        holds[index].state.store(Hold.done, ordering: .relaxed)
    }
}

extension ScheduleScript {
    /// Two distinct threads: the one that makes the held send, and its partner.
    mutating func holdThreads() -> (sender: Int, partner: Int) {
        let sender = rng.below(threads.count)
        var partner = rng.below(threads.count - 1)
        if partner >= sender { partner += 1 }
        return (sender, partner)
    }

    /// Adds hold `index`: thread `sender` sends `value` into `source` as its held send, thread
    /// `partner` runs `steps` while the delivery is held.
    mutating func addHold(_ index: Int, sender: Int, partner: Int, source: Int, value: Int, steps: [ScheduleStep]) {
        insertBlock([.heldSend(hold: index, source: source, value: value)], inThread: sender)
        insertBlock([.awaitHold(index)] + steps + [.release(index)], inThread: partner)
    }

    /// Splits `steps` into a window of 1 to `most` consecutive steps, run by a partner while a
    /// delivery is held, and the rest.
    mutating func window(of steps: [ScheduleStep], most: Int) -> (window: [ScheduleStep], rest: [ScheduleStep]) {
        guard !steps.isEmpty else { return ([], []) }
        let length = 1 + rng.below(Swift.min(most, steps.count))
        let start = rng.below(steps.count - length + 1)
        return (Array(steps[start..<(start + length)]), Array(steps[..<start] + steps[(start + length)...]))
    }
}

extension ScheduleStep {
    /// The source a send or an end goes to.
    var source: Int? {
        switch self {
        case let .send(source, _), let .end(source, _): return source
        default: return nil
        }
    }
}

extension ScheduleStep {
    /// Whether the step ends a source.
    var isEnd: Bool {
        if case .end = self { return true }
        return false
    }
}

extension ScheduleScript {
    /// Gives `owned` to thread `partner` and the other `steps` to random threads; with a hold,
    /// a window of 1 to `most` consecutive steps of `owned` that `eligible` accepts is run by
    /// the partner while the delivery is held. Returns the window.
    mutating func distribute(
        _ steps: [ScheduleStep], partner: Int, owns: (ScheduleStep) -> Bool, holding: Bool, most: Int,
        eligible: (ScheduleStep) -> Bool = { _ in true }
    ) -> [ScheduleStep] {
        let window = holding ? self.window(of: steps.filter { owns($0) && eligible($0) }, most: most).window : []
        distribute(steps, except: window) { owns($0) ? partner : nil }
        return window
    }

    /// Hands `steps`, in order, to the thread `owner` names, or to a random one; the steps of
    /// `window` (run by a partner during a hold) are left out.
    mutating func distribute(_ steps: [ScheduleStep], except window: [ScheduleStep], owner: (ScheduleStep) -> Int?) {
        let inWindow = Set(window.map(\.description))
        for step in steps where !inWindow.contains(step.description) {
            append(step, toThread: owner(step) ?? rng.below(threads.count))
        }
    }
}
