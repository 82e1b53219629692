import Foundation
@testable import StreamsTesting

// Helpers shared by the StreamsTesting tests.

/// An error type for diagrams that fail with something other than `MarbleError`.
enum TestError: Swift.Error, Equatable {
    case first
    case second
}

/// One event a stream sent, with the frame of the marble test it was sent at.
struct FramedEvent<Value: Equatable, Error: Swift.Error & Equatable>: Equatable, CustomStringConvertible {
    let frame: Int
    let event: Signal<Value, Error>.Event

    init(_ frame: Int, _ event: Signal<Value, Error>.Event) {
        self.frame = frame
        self.event = event
    }

    var description: String { "\(frame): \(event)" }
}

/// Records the events sent to its observer, each with the frame of `test` it was sent at. The
/// library under test is not involved beyond its clock, so a broken comparison cannot hide a
/// broken source.
///
/// The log keeps the test's clock, not the test: a hot signal left open keeps its observers, and
/// an observer keeping the test would make a cycle through the test's hot inputs.
final class FrameLog<Value: Equatable, Error: Swift.Error & Equatable> {
    private(set) var events: [FramedEvent<Value, Error>] = []
    private let clock: MarbleClock

    init(_ test: MarbleTest) {
        self.clock = test.clock
    }

    var observer: Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { [self] event in
            events.append(FramedEvent(clock.currentFrame, event))
        }
    }
}

extension MarbleTest {
    /// The virtual date at which `frame` starts.
    func date(ofFrame frame: Int) -> Date {
        clock.date(ofFrame: frame)
    }

    /// Moves the scheduler to `frame`, running what falls due on the way.
    func advance(toFrame frame: Int) {
        scheduler.advance(to: date(ofFrame: frame))
    }

    /// A producer that, on each run, sends `events` at `frames` after the run's start: a source
    /// with exact timing made without the library's diagrams.
    func timed<Value, Error>(_ events: [(frames: Double, event: Signal<Value, Error>.Event)]) -> SignalProducer<Value, Error> {
        SignalProducer { observer, lifetime in
            for (frames, event) in events {
                lifetime += self.scheduler.schedule(after: .nanoseconds(Int(frames * self.frameInterval * 1e9))) {
                    observer.send(event)
                }
            }
        }
    }
}
