// W14 timing and W15 hop: the operators that deliver on a scheduler. W14 runs debounce and
// throttle on virtual time, so that what is measured is their bookkeeping, not waiting; W15
// hands every value from the sending thread to an observer on a queue.

import Dispatch
import Foundation
import OpenCombine
import OpenCombineDispatch
import Streams

// MARK: - W14 timing

/// The plan's run is a million values; a run here is a quarter of that. A million take Streams
/// and OpenCombine 0.7 to 2.2 seconds in the suite, and the benchmark harness records no
/// throughput for a run of two seconds or more (it rounds the runs per second to zero), which
/// leaves the variant without results (as W11's AsyncChannel): too close on a shared machine.
private let w14Values = 250_000
/// Values arrive in bursts, all the values of a burst at the same instant.
private let w14BurstSize = 10
private let w14Bursts = w14Values / w14BurstSize
/// The interval of both operators, in seconds of virtual time.
private let w14Interval = 2

/// The seconds of virtual time the clock advances after burst `burst`: 1 after three bursts in
/// four, shorter than the interval, and 5 after every fourth, longer. The last burst is a
/// fourth one, so nothing is left pending when the run completes.
@inline(__always)
private func w14Gap(after burst: Int) -> Int { burst % 4 == 3 ? 5 : 1 }

/// The reference checksums, burst by burst. Debounce: the last value of each burst after which
/// the clock advances by the interval or more before the next one. Throttle: the latest value
/// of each interval, delivered at the later of its burst's instant and the interval after the
/// previous delivery, when the clock reaches that time.
private let w14Expected: (debounce: Int, throttle: Int) = {
    precondition(w14Bursts % 4 == 0 && w14Values % w14BurstSize == 0, "W14: the run must end on a long gap")
    var debounce = 0
    var throttle = 0
    var now = 0
    var lastSent: Int?
    var pending: (value: Int, due: Int)?
    for burst in 0..<w14Bursts {
        let last = burst * w14BurstSize + w14BurstSize - 1
        if w14Gap(after: burst) >= w14Interval { debounce &+= last }
        let due = pending?.due ?? lastSent.map { max(now, $0 + w14Interval) } ?? now
        pending = (last, due)
        now += w14Gap(after: burst)
        if let (value, due) = pending, due <= now {
            throttle &+= value
            lastSent = due
            pending = nil
        }
    }
    return (debounce, throttle)
}()

/// Sends W14's values burst by burst, advancing the clock after each burst by the seconds
/// `advance` is given.
@inline(__always)
private func sendBursts(_ send: (Int) -> Void, advance: (Int) -> Void) {
    var value = 0
    for burst in 0..<opaque(w14Bursts) {
        for _ in 0..<w14BurstSize {
            send(value)
            value &+= 1
        }
        advance(w14Gap(after: burst))
    }
}

/// A virtual-time scheduler for OpenCombine, which has none (Combine's test schedulers are in
/// other packages), with the behaviour of Streams' `TestScheduler`: nothing runs until `advance`
/// moves the clock; then the actions due up to the new time run in order of their due time (in
/// scheduling order at the same time), each with `now` at its due time. An action scheduled for
/// now runs at the next advance, not inline. It takes no lock: one thread uses it.
final class VirtualTimeScheduler: OpenCombine.Scheduler {
    /// An instant, in nanoseconds from the start of the clock.
    struct SchedulerTimeType: Strideable, Hashable {
        var nanoseconds: Int

        func distance(to other: SchedulerTimeType) -> Stride {
            Stride(nanoseconds: other.nanoseconds - nanoseconds)
        }

        func advanced(by stride: Stride) -> SchedulerTimeType {
            SchedulerTimeType(nanoseconds: nanoseconds + stride.nanoseconds)
        }

        static func < (lhs: SchedulerTimeType, rhs: SchedulerTimeType) -> Bool {
            lhs.nanoseconds < rhs.nanoseconds
        }

        /// A duration, in nanoseconds.
        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric {
            var nanoseconds: Int

            init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
            init(integerLiteral value: Int) { nanoseconds = value }
            init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                nanoseconds = value
            }

            var magnitude: Int { abs(nanoseconds) }

            static func seconds(_ s: Int) -> Stride { Stride(nanoseconds: s * 1_000_000_000) }
            static func seconds(_ s: Double) -> Stride { Stride(nanoseconds: Int(s * 1_000_000_000)) }
            static func milliseconds(_ ms: Int) -> Stride { Stride(nanoseconds: ms * 1_000_000) }
            static func microseconds(_ us: Int) -> Stride { Stride(nanoseconds: us * 1_000) }
            static func nanoseconds(_ ns: Int) -> Stride { Stride(nanoseconds: ns) }

            static func < (lhs: Stride, rhs: Stride) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
            static func + (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
            static func - (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }
            static func * (lhs: Stride, rhs: Stride) -> Stride { Stride(nanoseconds: lhs.nanoseconds * rhs.nanoseconds) }
            static func += (lhs: inout Stride, rhs: Stride) { lhs.nanoseconds += rhs.nanoseconds }
            static func -= (lhs: inout Stride, rhs: Stride) { lhs.nanoseconds -= rhs.nanoseconds }
            static func *= (lhs: inout Stride, rhs: Stride) { lhs.nanoseconds *= rhs.nanoseconds }
        }
    }

    typealias SchedulerOptions = Never

    /// A scheduled action; for a repeating one, its cancellable.
    private final class Work: Cancellable {
        var due: Int
        let sequence: UInt64
        /// Nanoseconds between runs of a repeating action, `nil` for a one-shot one.
        let interval: Int?
        let action: () -> Void
        var isCancelled = false

        init(due: Int, sequence: UInt64, interval: Int?, action: @escaping () -> Void) {
            self.due = due
            self.sequence = sequence
            self.interval = interval
            self.action = action
        }

        /// Cancelled work stays queued and is dropped when it falls due.
        func cancel() { isCancelled = true }

        func runs(before other: Work) -> Bool {
            due != other.due ? due < other.due : sequence < other.sequence
        }
    }

    private(set) var now = SchedulerTimeType(nanoseconds: 0)
    var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// The scheduled work, sorted by due time, then scheduling order.
    private var queue: [Work] = []
    private var nextSequence: UInt64 = 0

    private func enqueue(at due: Int, interval: Int?, _ action: @escaping () -> Void) -> Work {
        let work = Work(due: due, sequence: nextSequence, interval: interval, action: action)
        nextSequence &+= 1
        insert(work)
        return work
    }

    private func insert(_ work: Work) {
        var low = 0
        var high = queue.count
        while low < high {
            let mid = (low + high) / 2
            if queue[mid].runs(before: work) { low = mid + 1 } else { high = mid }
        }
        queue.insert(work, at: low)
    }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = enqueue(at: now.nanoseconds, interval: nil, action)
    }

    func schedule(after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
                  options: SchedulerOptions?, _ action: @escaping () -> Void) {
        _ = enqueue(at: date.nanoseconds, interval: nil, action)
    }

    func schedule(after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
                  tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
                  _ action: @escaping () -> Void) -> Cancellable {
        enqueue(at: date.nanoseconds, interval: max(1, interval.nanoseconds), action)
    }

    /// Moves the clock forward by `stride`, running the work due up to the new time.
    func advance(by stride: SchedulerTimeType.Stride) {
        let target = now.nanoseconds + stride.nanoseconds
        while let first = queue.first, first.due <= target {
            queue.removeFirst()
            guard !first.isCancelled else { continue }
            now = SchedulerTimeType(nanoseconds: max(now.nanoseconds, first.due))
            first.action()
            if let interval = first.interval, !first.isCancelled {
                first.due += interval
                insert(first)
            }
        }
        now = SchedulerTimeType(nanoseconds: target)
    }
}

/// A sum the delivering queue adds to and the sending thread reads once the run is over (after
/// a semaphore, which orders the two).
private final class SharedSum: @unchecked Sendable {
    var value = 0
}

extension Workload {
    static let timing: Workload = {
        let expected = w14Expected
        return Workload(
            id: "W14", name: "timing", unit: "value",
            summary: "250,000 values in bursts of 10 through debounce and throttle on a virtual clock advanced in steps",
            variants: [
                Variant(contender: .streams, size: "debounce", events: w14Values, expected: expected.debounce, run: { _ in
                    let sum = Sum()
                    let scheduler = TestScheduler()
                    let (signal, input) = Signal<Int, Never>.pipe()
                    signal.debounce(TimeInterval(w14Interval), on: scheduler).observeValues { sum.value &+= $0 }
                    sendBursts({ input.send(value: $0) }, advance: { scheduler.advance(by: TimeInterval($0)) })
                    input.sendCompleted()
                    scheduler.run()
                    return sum.value
                }, repetitions: 10),
                Variant(contender: .openCombine, size: "debounce", events: w14Values, expected: expected.debounce, run: { _ in
                    let sum = Sum()
                    let scheduler = VirtualTimeScheduler()
                    let subject = PassthroughSubject<Int, Never>()
                    let cancellable = subject.debounce(for: .seconds(w14Interval), scheduler: scheduler)
                        .sink { sum.value &+= $0 }
                    sendBursts({ subject.send($0) }, advance: { scheduler.advance(by: .seconds($0)) })
                    subject.send(completion: .finished)
                    scheduler.advance(by: .seconds(w14Interval))
                    keep(cancellable)
                    return sum.value
                }, repetitions: 10),
                // The bookkeeping by hand: the latest value and its due time, checked at each step.
                Variant(contender: .baseline, size: "debounce", events: w14Values, expected: expected.debounce, run: { _ in
                    let sum = Sum()
                    let deliver: (Int) -> Void = opaque { sum.value &+= $0 }
                    var now = 0
                    var pending: (value: Int, due: Int)?
                    sendBursts({ value in pending = (value, now + w14Interval) }, advance: { seconds in
                        now += seconds
                        if let (value, due) = pending, due <= now {
                            pending = nil
                            deliver(value)
                        }
                    })
                    return sum.value
                }, repetitions: 15),
                Variant(contender: .streams, size: "throttle", events: w14Values, expected: expected.throttle, run: { _ in
                    let sum = Sum()
                    let scheduler = TestScheduler()
                    let (signal, input) = Signal<Int, Never>.pipe()
                    signal.throttle(TimeInterval(w14Interval), on: scheduler).observeValues { sum.value &+= $0 }
                    sendBursts({ input.send(value: $0) }, advance: { scheduler.advance(by: TimeInterval($0)) })
                    input.sendCompleted()
                    scheduler.run()
                    return sum.value
                }, repetitions: 10),
                // `latest: true`, as Streams' throttle: the latest value of each interval.
                Variant(contender: .openCombine, size: "throttle", events: w14Values, expected: expected.throttle, run: { _ in
                    let sum = Sum()
                    let scheduler = VirtualTimeScheduler()
                    let subject = PassthroughSubject<Int, Never>()
                    let cancellable = subject.throttle(for: .seconds(w14Interval), scheduler: scheduler, latest: true)
                        .sink { sum.value &+= $0 }
                    sendBursts({ subject.send($0) }, advance: { scheduler.advance(by: .seconds($0)) })
                    subject.send(completion: .finished)
                    scheduler.advance(by: .seconds(w14Interval))
                    keep(cancellable)
                    return sum.value
                }, repetitions: 10),
                // The latest value, its due time (set by the first value after a delivery) and
                // the time of the last delivery, checked at each step.
                Variant(contender: .baseline, size: "throttle", events: w14Values, expected: expected.throttle, run: { _ in
                    let sum = Sum()
                    let deliver: (Int) -> Void = opaque { sum.value &+= $0 }
                    var now = 0
                    var lastSent: Int?
                    var pending: (value: Int, due: Int)?
                    sendBursts({ value in
                        if pending != nil {
                            pending!.value = value
                        } else {
                            pending = (value, lastSent.map { max(now, $0 + w14Interval) } ?? now)
                        }
                    }, advance: { seconds in
                        now += seconds
                        if let (value, due) = pending, due <= now {
                            pending = nil
                            lastSent = due
                            deliver(value)
                        }
                    })
                    return sum.value
                }, repetitions: 15),
            ]
        )
    }()
}

// MARK: - W15 hop

/// A quarter of the plan's million, as W14's run and for the same reason: a million hops take
/// Streams about three seconds in the suite. Per value, callgrind counts the same at both sizes
/// for Streams (5,020 and 4,980 instructions).
private let w15Values = 250_000

extension Workload {
    static let hop: Workload = {
        let expected = (0..<w15Values).reduce(0, &+)
        // In every variant the calling thread sends the values as fast as it can, each handed
        // over on its own (nothing is batched by the sender), then a completion; the run ends
        // when the observer, on a serial queue's thread, has received the completion after the
        // last value.
        return Workload(
            id: "W15", name: "hop", unit: "value",
            summary: "250,000 values sent on one thread, delivered to an observer on a serial queue",
            variants: [
                Variant(contender: .streams, size: nil, events: w15Values, expected: expected, run: { _ in
                    let sum = SharedSum()
                    let done = DispatchSemaphore(value: 0)
                    let scheduler = QueueScheduler(name: "W15 observer")
                    let (signal, input) = Signal<Int, Never>.pipe()
                    signal.observe(on: scheduler).observe { event in
                        switch event {
                        case let .value(value): sum.value &+= value
                        case .completed: done.signal()
                        case .failed, .interrupted: fatalError("W15: the hop ended with \(event)")
                        }
                    }
                    for i in 0..<w15Values { input.send(value: i) }
                    input.sendCompleted()
                    done.wait()
                    return sum.value
                }, repetitions: 10),
                Variant(contender: .openCombine, size: nil, events: w15Values, expected: expected, run: { _ in
                    let sum = SharedSum()
                    let done = DispatchSemaphore(value: 0)
                    let queue = DispatchQueue(label: "W15 observer")
                    let subject = PassthroughSubject<Int, Never>()
                    let cancellable = subject.receive(on: queue).sink(
                        receiveCompletion: { _ in done.signal() },
                        receiveValue: { sum.value &+= $0 }
                    )
                    for i in 0..<w15Values { subject.send(i) }
                    subject.send(completion: .finished)
                    done.wait()
                    keep(cancellable)
                    return sum.value
                }, repetitions: 10),
                Variant(contender: .baseline, size: nil, events: w15Values, expected: expected, run: { _ in
                    let sum = SharedSum()
                    let done = DispatchSemaphore(value: 0)
                    let queue = DispatchQueue(label: "W15 observer")
                    for i in 0..<w15Values { queue.async { sum.value &+= i } }
                    queue.async { done.signal() }
                    done.wait()
                    return sum.value
                }, repetitions: 10),
            ]
        )
    }()
}
