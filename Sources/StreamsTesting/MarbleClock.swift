import Foundation

/// Virtual time in frames: the scheduler of a ``MarbleTest``, the date of its frame 0 and the
/// length of a frame.
struct MarbleClock {
    let scheduler: TestScheduler
    let startDate: Date
    let frameInterval: TimeInterval

    /// The frame `date` falls on, rounded to the nearest frame.
    func frame(of date: Date) -> Int {
        Int((date.timeIntervalSince(startDate) / frameInterval).rounded())
    }

    /// The frame the scheduler's clock is on.
    var currentFrame: Int { frame(of: scheduler.currentDate) }

    /// The date at which `frame` starts.
    func date(ofFrame frame: Int) -> Date {
        startDate.addingTimeInterval(Double(frame) * frameInterval)
    }
}

extension DispatchTimeInterval {
    /// The interval in seconds; `.never` is infinite.
    var marbleSeconds: TimeInterval {
        switch self {
        case let .seconds(s): return TimeInterval(s)
        case let .milliseconds(ms): return TimeInterval(ms) / 1_000
        case let .microseconds(us): return TimeInterval(us) / 1_000_000
        case let .nanoseconds(ns): return TimeInterval(ns) / 1_000_000_000
        case .never: return .infinity
        @unknown default: return .infinity
        }
    }
}
