// The reference model's notion of time: not only *when* (virtual time) but *in which order*.
//
// A `TestScheduler` runs its actions in order of due date, ties in the order they were scheduled,
// and everything an action does happens synchronously inside it, depth first. So every event,
// hook call and subscription of a pipeline run has a place in one total order, and that place
// can be written down without running anything:
//
// - an *action* is identified by its due time and by the moment it was scheduled at: two actions
//   due at the same time run in the order of their scheduling moments (the scheduler's sequence
//   numbers follow execution order, which is the order of moments);
// - inside an action, things happen in a tree: an event delivered at moment `e` causes what its
//   observers do, at `e.child(0)`, `e.child(1)`..., each of which may cause more. Depth-first
//   order is the lexicographic order of the paths;
// - the setup of a test (creating hot sources, starting the pipeline) happens outside any action,
//   before the scheduler runs anything.
//
// A `Moment` is such a place: virtual time in ticks, the moment its action was scheduled at
// (`nil` outside any action), and the path inside the action. Comparing two moments compares
// times, then scheduling moments (recursively), then paths; that is exactly the order in which
// the test scheduler executes them. The model never looks at a clock or a queue: each operator
// computes the moments of what it does from the moments of what it receives.

/// Virtual time: 4 ticks per frame, so that half frames (time-operator intervals) and quarter
/// frames (the disposal of the whole run) are whole numbers of ticks.
let ticksPerFrame = 4

final class Moment: CustomStringConvertible {
    /// Virtual time, in ticks.
    let time: Int
    /// The moment the action this moment belongs to was scheduled at; `nil` outside any action.
    let context: Moment?
    /// The position inside the action (or inside the setup), depth first.
    let path: [PathItem]
    /// Where what happens at this moment runs: the scheduler whose action it belongs to (`M` for
    /// the marble sources' scheduler, `S1`, `S2`... for the schedulers given to operators),
    /// `test` for the setup, or `thread` for a thread of the test's own. Not part of the order.
    let location: String

    init(time: Int, context: Moment?, path: [PathItem], location: String) {
        self.time = time
        self.context = context
        self.path = path
        self.location = location
    }

    /// A moment of the test's setup, before the scheduler runs anything.
    static func setup(_ path: Int...) -> Moment {
        Moment(time: 0, context: nil, path: path.map { PathItem($0) }, location: "test")
    }

    /// The moment an action due at `time`, scheduled at `scheduledAt` on the scheduler named
    /// `scheduler`, starts running.
    static func action(at time: Int, scheduledAt: Moment, on scheduler: String = "M") -> Moment {
        Moment(time: time, context: scheduledAt, path: [], location: scheduler)
    }

    /// The `index`-th thing caused by what happens at this moment.
    func child(_ index: Int) -> Moment {
        Moment(time: time, context: context, path: path + [PathItem(index)], location: location)
    }

    /// The delivery of what happens at this moment to the observer of a signal that registered
    /// at `registration`: a signal calls its observers in the order they registered (3.7), so
    /// everything one observer causes comes before what the next one causes.
    func delivery(to registration: Moment) -> Moment {
        Moment(time: time, context: context, path: path + [PathItem(0, after: registration)], location: location)
    }

    /// The same moment, run elsewhere: by a thread of the test that the action waits for.
    func on(_ location: String) -> Moment {
        Moment(time: time, context: context, path: path, location: location)
    }

    /// What happens right after this moment and everything it caused, in the same action.
    var nextSibling: Moment {
        var items = path
        if let last = items.popLast() {
            items.append(PathItem(last.index + 1, after: last.key))
        } else {
            items.append(PathItem(1))
        }
        return Moment(time: time, context: context, path: items, location: location)
    }

    /// Whether `other` is caused, directly or not, by what happens at this moment (a strict
    /// descendant in the tree of its action).
    func isAncestor(of other: Moment) -> Bool {
        other.path.count > path.count && other.time == time
            && Moment.sameContext(context, other.context) && other.path.starts(with: path)
    }

    private static func sameContext(_ a: Moment?, _ b: Moment?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a?, b?): return compare(a, b) == 0
        default: return false
        }
    }

    /// -1, 0 or 1 as `a` happens before, at, or after `b`.
    static func compare(_ a: Moment, _ b: Moment) -> Int {
        if a === b { return 0 }
        if a.time != b.time { return a.time < b.time ? -1 : 1 }
        switch (a.context, b.context) {
        case (nil, nil): break
        case (nil, _): return -1  // the setup happens before every action
        case (_, nil): return 1
        case let (ca?, cb?):
            let c = compare(ca, cb)
            if c != 0 { return c }
        }
        for (x, y) in zip(a.path, b.path) {
            let c = PathItem.compare(x, y)
            if c != 0 { return c }
        }
        return a.path.count == b.path.count ? 0 : (a.path.count < b.path.count ? -1 : 1)
    }

    var description: String {
        let frames = Frames.describe(ticks: time)
        return "\(frames)\(context == nil ? "s" : "")\(path.map(\.description))@\(location)"
    }
}

/// One step of a path inside an action: the `index`-th thing caused, or, for the observers of a
/// signal, the delivery to the observer registered at `key` (ordered by registration).
struct PathItem: Equatable, CustomStringConvertible {
    let index: Int
    let key: Moment?

    init(_ index: Int, after key: Moment? = nil) {
        self.index = index
        self.key = key
    }

    static func compare(_ a: PathItem, _ b: PathItem) -> Int {
        switch (a.key, b.key) {
        case (nil, nil): break
        case (nil, _): return -1
        case (_, nil): return 1
        case let (x?, y?):
            let c = Moment.compare(x, y)
            if c != 0 { return c }
        }
        return a.index == b.index ? 0 : (a.index < b.index ? -1 : 1)
    }

    static func == (a: PathItem, b: PathItem) -> Bool { compare(a, b) == 0 }

    var description: String { key.map { "<\($0)>\(index)" } ?? "\(index)" }
}

extension Moment: Comparable {
    static func == (a: Moment, b: Moment) -> Bool { compare(a, b) == 0 }
    static func < (a: Moment, b: Moment) -> Bool { compare(a, b) < 0 }
}

/// Hands out the moments of the things caused by one moment, in the order they happen.
struct Slots {
    let base: Moment
    private(set) var used = 0

    init(_ base: Moment) {
        self.base = base
    }

    mutating func next() -> Moment {
        defer { used += 1 }
        return base.child(used)
    }
}

enum Frames {
    /// `ticks` as frames: `3`, `2.5`, `1.25`.
    static func describe(ticks: Int) -> String {
        if ticks % ticksPerFrame == 0 { return "\(ticks / ticksPerFrame)" }
        let value = Double(ticks) / Double(ticksPerFrame)
        return "\(value)"
    }
}
