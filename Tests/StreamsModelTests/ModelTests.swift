// Hand-written cases for the reference model itself, a few per family of operators, so that the
// model is checked against expectations worked out by hand and not only against Streams.
//
// Outputs are written `frame:symbol`, in order: `1:1 3:2 3:|` is a value 1 at frame 1, a value 2
// at frame 3, then completion at frame 3. Failures are `#e<input>` (`#t` for a timeout), and
// interruption `!`. Inputs are marble diagrams: digits are values.

import Testing

/// Parses a diagram of the model's tests: `-` a frame, digits values, `|` `#` `!`, `(..)` a group.
private func steps(_ diagram: String) -> [Step] {
    var steps: [Step] = []
    var frame = 0
    var group: [MEvent]?
    for character in diagram {
        let event: MEvent?
        switch character {
        case "-": event = nil; frame += 1
        case "(": group = []; continue
        case ")":
            steps.append(Step(frame: frame, events: group!))
            group = nil
            frame += 1
            continue
        case "|": event = .completed
        case "#": event = .failed("")
        case "!": event = .interrupted
        default: event = .value(.int(Int(String(character))!))
        }
        guard let event else { continue }
        if group != nil {
            group!.append(event)
        } else {
            steps.append(Step(frame: frame, events: [event]))
            frame += 1
        }
    }
    return steps
}

/// A case: input 0 is `source`, the others are `others`; `hot` lists the hot inputs.
private func make(_ source: String, _ ops: [Op], _ others: [String] = [], hot: Set<Int> = [],
                  disposeAt frames: Double? = nil) -> Case {
    let diagrams = [source] + others
    return Case(inputs: diagrams.enumerated().map { InputSpec(steps: steps($1), hot: hot.contains($0), role: .any) },
                ops: ops,
                disposeAt: frames.map { Int($0 * Double(ticksPerFrame)) })
}

private func describe(_ output: [(time: Int, text: String)]) -> String {
    output.map { time, text -> String in
        let symbol: String
        switch text {
        case "COMPLETED": symbol = "|"
        case "INTERRUPTED": symbol = "!"
        default: symbol = text.hasPrefix("FAILED ") ? "#" + text.dropFirst(7) : String(text.dropFirst(6))
        }
        return "\(Frames.describe(ticks: time)):\(symbol)"
    }.joined(separator: " ")
}

/// What the model says `source` through `ops` sends.
private func model(_ source: String, _ ops: [Op], _ others: [String] = [], hot: Set<Int> = [],
                   disposeAt: Double? = nil) -> String {
    describe(make(source, ops, others, hot: hot, disposeAt: disposeAt).modelObservation().output)
}

/// The runs of each input, as `start...end` in frames.
private func subscriptions(_ source: String, _ ops: [Op], _ others: [String] = [], hot: Set<Int> = [],
                           disposeAt: Double? = nil) -> [String: String] {
    make(source, ops, others, hot: hot, disposeAt: disposeAt).modelObservation().subscriptions
        .mapValues { $0.map(\.description).joined(separator: ", ") }
}

private let odd = Pred(modulus: 2, remainder: 1)
private let even = Pred(modulus: 2, remainder: 0)

@Suite("The reference model")
struct ModelTests {
    @Test("moments order actions by time, then by when they were scheduled, then depth first")
    func momentOrder() {
        let setup = Moment.setup(2)
        let a = Moment.action(at: 4, scheduledAt: setup)
        let b = Moment.action(at: 4, scheduledAt: Moment.action(at: 0, scheduledAt: setup))
        let c = Moment.action(at: 4, scheduledAt: a.child(0))
        #expect(setup < Moment.action(at: 0, scheduledAt: setup))
        #expect(a < b && b < c)
        #expect(a < a.child(0) && a.child(0) < a.child(0).child(5) && a.child(0).child(5) < a.child(1))
        #expect(a.child(1) < Moment.action(at: 5, scheduledAt: setup))
        #expect(a.isAncestor(of: a.child(0).child(1)) && !a.child(0).isAncestor(of: a.child(1)))
        #expect(a.child(0).nextSibling == a.child(1))
    }

    @Test("sources: cold plays from its start, hot from its creation; disposal interrupts")
    func sources() {
        #expect(model("-1-(23)|", []) == "1:1 3:2 3:3 4:|")
        #expect(model("-1-2|", [], disposeAt: 1.25) == "1:1 1.25:!")
        #expect(subscriptions("-1-2|", [], disposeAt: 1.25) == ["s0": "0...1.25"])
        // A hot source started late (by concat, at frame 2) misses what it sent before.
        #expect(model("-1|", [.concat(1)], ["-5-6|"], hot: [1]) == "1:1 3:6 4:|")
        // One that has ended interrupts at once (here its last frame runs before the source's,
        // since it was scheduled earlier, when the hot source was made).
        #expect(model("--|", [.then(1)], ["-5|"], hot: [1]) == "2:!")
    }

    @Test("map, filter, compactMap, scan, reduce")
    func transforming() {
        #expect(model("-1-2-3|", [.map(1)]) == "1:2 3:3 5:4 6:|")
        #expect(model("-1-2-3|", [.filter(even)]) == "3:2 6:|")
        #expect(model("-1-2-3|", [.compactMap(odd, 1)]) == "3:3 6:|")
        #expect(model("-1-2-3|", [.scan]) == "1:1 3:3 5:6 6:|")
        #expect(model("-1-2-3|", [.reduce]) == "6:6 6:|")
        #expect(model("|", [.reduce]) == "0:0 0:|")
        #expect(model("-1#", [.reduce]) == "2:#e0")
    }

    @Test("collect sends an array on completion, an empty one for no value; collect(count:) the rest")
    func collecting() {
        #expect(model("-1-2|", [.collect]) == "4:[1,2] 4:|")
        #expect(model("|", [.collect]) == "0:[] 0:|")
        #expect(model("-1-2-3|", [.collectCount(2)]) == "3:[1,2] 6:[3] 6:|")
        #expect(model("-1-2|", [.collectCount(2)]) == "3:[1,2] 4:|")
        #expect(model("|", [.collectCount(2)]) == "0:[] 0:|")
        #expect(model("-1-!", [.collect]) == "3:!")
    }

    @Test("take(first:), take(last:), take(while:), take(until:) with a predicate")
    func taking() {
        #expect(model("-1-2-3|", [.takeFirst(2)]) == "1:1 3:2 3:|")
        #expect(subscriptions("-1-2-3|", [.takeFirst(2)]) == ["s0": "0...3"])
        // take(first: 0) does not start its source.
        #expect(model("-1|", [.takeFirst(0)]) == "0:!")
        #expect(subscriptions("-1|", [.takeFirst(0)]).isEmpty)
        #expect(model("-1-2-3|", [.takeLast(2)]) == "6:2 6:3 6:|")
        #expect(model("-1-#", [.takeLast(2)]) == "3:#e0")
        #expect(model("-1-3-4-5|", [.takeWhile(odd)]) == "1:1 3:3 5:|")
        #expect(model("-1-3-4-5|", [.takeUntilPredicate(odd)]) == "1:1 3:3 5:4 5:|")
        #expect(subscriptions("-1-3-4-5|", [.takeWhile(odd)]) == ["s0": "0...5"])
    }

    @Test("skip(first:), skip(while:), skipRepeats")
    func skipping() {
        #expect(model("-1-2-3|", [.skipFirst(2)]) == "5:3 6:|")
        #expect(model("-1-3-4-5|", [.skipWhile(odd)]) == "5:4 7:5 8:|")
        #expect(model("-1-1-2-1|", [.skipRepeats]) == "1:1 5:2 7:1 8:|")
    }

    @Test("materialize turns events into values; dematerialize turns them back")
    func materializing() {
        #expect(model("-1#", [.materialize]) == "1:<1> 2:<#e0> 2:|")
        #expect(model("-1!", [.materialize]) == "1:<1> 2:<!> 2:!")
        #expect(model("-1-2#", [.materialize, .dematerialize]) == "1:1 3:2 4:#e0")
        #expect(model("-1-2|", [.dematerialize]) == "1:1 3:2 4:|")
    }

    @Test("on(...): the hooks of a run, in order, around the events they see")
    func hooks() {
        let every = OnNode.Hook.allCases
        let log = make("-1|", [.on(id: 1, hooks: every)]).modelObservation().log.map(\.description)
        #expect(log == [
            "0 test: on1 starting", "0 test: on1 started",
            "1 M: on1 event VALUE 1", "1 M: on1 value 1", "1 M: out VALUE 1",
            "2 M: on1 event COMPLETED", "2 M: on1 completed", "2 M: on1 terminated", "2 M: out COMPLETED", "2 M: on1 disposed",
        ])
        // take(first:) ends the run from inside the delivery of the value: the source's
        // interruption reaches the hooks once that delivery is over.
        let taken = make("-1-2|", [.on(id: 1, hooks: [.event, .disposed]), .takeFirst(1)]).modelObservation().log.map(\.description)
        #expect(taken == [
            "1 M: on1 event VALUE 1", "1 M: out VALUE 1", "1 M: out COMPLETED", "1 M: on1 event INTERRUPTED", "1 M: on1 disposed",
        ])
        // retry starts the source again from inside the failure's delivery: before `disposed`.
        let retried = make("-#", [.on(id: 1, hooks: [.starting, .failed, .disposed]), .retry(1)]).modelObservation().log.map(\.description)
        #expect(retried == [
            "0 test: on1 starting", "1 M: on1 failed e0", "1 M: on1 starting", "1 M: on1 disposed", "2 M: on1 failed e0",
            "2 M: out FAILED e0", "2 M: on1 disposed",
        ])
    }

    @Test("combineLatest completes when both have; zip when one has and has nothing left to pair")
    func combining() {
        #expect(model("-1---3|", [.combineLatest(1)], ["--2-|"]) == "2:(1,2) 5:(3,2) 6:|")
        #expect(model("-1-2|", [.combineLatest(1)], ["|"]) == "4:|")
        #expect(model("-1-2|", [.combineLatest(1)], ["--#"]) == "2:#e1")
        #expect(model("-1-2-3|", [.zip(1)], ["--4|"]) == "2:(1,4) 3:|")
        // At one frame, the input started first sends first.
        #expect(model("-1|", [.zip(1)], ["-2|"]) == "1:(1,2) 2:|")
        #expect(model("-1|", [.combineLatest(1)], ["-2|"]) == "1:(1,2) 2:|")
    }

    @Test("merge, concat, prefix, then")
    func merging() {
        #expect(model("-1--3|", [.merge(1)], ["--2|"]) == "1:1 2:2 4:3 5:|")
        #expect(model("-1|", [.merge(1)], ["-2|"]) == "1:1 1:2 2:|")
        // As in ReactiveSwift, an interrupted input counts as completed.
        #expect(model("-1!", [.merge(1)], ["---2|"]) == "1:1 3:2 4:|")
        #expect(model("-1|", [.concat(1)], ["-2|"]) == "1:1 3:2 4:|")
        #expect(subscriptions("-1|", [.concat(1)], ["-2|"]) == ["s0": "0...2", "s1": "2...4"])
        #expect(model("-1!", [.concat(1)], ["-2|"]) == "1:1 3:2 4:|")
        #expect(model("-1#", [.concat(1)], ["-2|"]) == "1:1 2:#e0")
        #expect(model("-1|", [.prefix(1)], ["-2|"]) == "1:2 3:1 4:|")
        #expect(model("-1-|", [.then(1)], ["-2|"]) == "4:2 5:|")
        #expect(model("-1-!", [.then(1)], ["-2|"]) == "3:!")
    }

    @Test("take(until:) and skip(until:) a trigger; take(untilReplacement:)")
    func triggers() {
        // The trigger is started first: at frame 3 its value comes before the source's.
        #expect(model("-1-2-3|", [.takeUntil(1)], ["---0"]) == "1:1 3:|")
        #expect(model("-1-2-3|", [.takeUntil(1)], ["--!"]) == "1:1 3:2 5:3 6:|")
        #expect(model("-1-2-3|", [.skipUntil(1)], ["--0"]) == "3:2 5:3 6:|")
        #expect(model("-1-2-3|", [.skipUntil(1)], ["--!"]) == "2:!")
        #expect(model("-1|", [.skipUntil(1)], ["---0"]) == "3:!")
        #expect(model("-1|", [.skipUntil(1)], ["-----"]) == "")
        #expect(model("-1-2-3|", [.takeUntilReplacement(1)], ["---9|"]) == "1:1 3:9 4:|")
        #expect(model("-1|", [.takeUntilReplacement(1)], ["---9|"]) == "1:1 3:9 4:|")
        #expect(subscriptions("-1-2-3|", [.takeUntilReplacement(1)], ["---9|"]) == ["s0": "0...3", "s1": "0...4"])
    }

    @Test("sample(on:), sample(with:), withLatest(from:)")
    func sampling() {
        #expect(model("-1-2---3|", [.sampleOn(1)], ["--0--0|"]) == "2:1 5:2 8:|")
        // The source is started before the sampler.
        #expect(model("-1", [.sampleOn(1)], ["-0"]) == "1:1")
        #expect(model("-1-2", [.sampleWith(1)], ["--5"]) == "2:(1,5)")
        #expect(model("-1-2-3|", [.withLatest(1)], ["--5-6"]) == "3:(2,5) 5:(3,6) 6:|")
        // The samplee is started before the source.
        #expect(model("-1", [.withLatest(1)], ["-5"]) == "1:(1,5)")
    }

    @Test("flatMap(.merge), (.concat), (.concurrent(limit:))")
    func flatteningConcurrently() {
        #expect(model("-1-2--|", [.flatMap(.merge, [1])], ["-7-8|"]) == "2:7 4:8 4:7 6:8 7:|")
        #expect(model("-1-2--|", [.flatMap(.concat, [1])], ["-7-8|"]) == "2:7 4:8 6:7 8:8 9:|")
        #expect(model("-(123)|", [.flatMap(.concurrent(2), [1])], ["-7|"]) == "2:7 2:7 4:7 5:|")
        #expect(subscriptions("-(123)|", [.flatMap(.concurrent(2), [1])], ["-7|"]) == ["s0": "0...2", "s1": "1...3, 1...3, 3...5"])
        // An inner interruption counts as its completion.
        #expect(model("-1|", [.flatMap(.merge, [1])], ["-7!"]) == "2:7 3:|")
        #expect(model("-1-#", [.flatMap(.merge, [1])], ["-7-8|"]) == "2:7 3:#e0")
    }

    @Test("flatMap(.latest), (.race), (.throttle)")
    func flatteningOne() {
        #expect(model("-1-2--|", [.flatMap(.latest, [1])], ["-7-8|"]) == "2:7 4:7 6:8 7:|")
        #expect(subscriptions("-1-2--|", [.flatMap(.latest, [1])], ["-7-8|"]) == ["s0": "0...6", "s1": "1...3, 3...7"])
        // The first inner stream to send anything wins; the others are disposed.
        #expect(model("-1-2---|", [.flatMap(.race, [1])], ["--7|"]) == "3:7 7:|")
        #expect(subscriptions("-1-2---|", [.flatMap(.race, [1])], ["--7|"]) == ["s0": "0...7", "s1": "1...4, 3...3"])
        // ...a completion too: later outer values are then ignored.
        #expect(model("-1-2---|", [.flatMap(.race, [1])], ["-|"]) == "7:|")
        #expect(subscriptions("-1-2---|", [.flatMap(.race, [1])], ["-|"]) == ["s0": "0...7", "s1": "1...2"])
        #expect(model("-1|", [.flatMap(.race, [1])], ["-7!"]) == "2:7 3:!")
        #expect(model("-1-2---3|", [.flatMap(.throttle, [1])], ["-7-|"]) == "2:7 8:7 10:|")
    }

    @Test("flatMapError, retry, repeat, timeout")
    func recovering() {
        #expect(model("-1#", [.flatMapError(1)], ["-9|"]) == "1:1 3:9 4:|")
        #expect(model("-1#", [.retry(1)]) == "1:1 3:1 4:#e0")
        #expect(subscriptions("-1#", [.retry(1)]) == ["s0": "0...2, 2...4"])
        #expect(model("-1|", [.repeatCount(2)]) == "1:1 3:1 4:|")
        #expect(model("-1|", [.repeatCount(0)]) == "0:|")
        #expect(model("-1!", [.repeatCount(2)]) == "1:1 2:!")
        #expect(model("-1--2|", [.timeout(3)]) == "1:1 1.5:#t")
        #expect(model("-1|", [.timeout(5)]) == "1:1 2:|")
    }

    @Test("delay, debounce, throttle")
    func timing() {
        #expect(model("-1-2|", [.delay(1)]) == "1.5:1 3.5:2 4.5:|")
        // A failure is not delayed, and drops what was.
        #expect(model("-1#", [.delay(3)]) == "2:#e0")
        #expect(model("-12---3|", [.debounce(3, discardWhenCompleted: true)]) == "3.5:2 7:|")
        #expect(model("-12---3|", [.debounce(3, discardWhenCompleted: false)]) == "3.5:2 7.5:3 7.5:|")
        #expect(model("-12-3--4|", [.throttle(3)]) == "1:1 2.5:2 4:3 7:4 8:|")
        // Disposal interrupts from an action, after dropping what was waiting.
        #expect(model("-1-2|", [.delay(1)], disposeAt: 1.25) == "1.25:!")
        #expect(subscriptions("-1-2|", [.delay(1)], disposeAt: 1.25) == ["s0": "0...1.25"])
    }

    @Test("first, single, last and wait on synchronous runs: values, failures and interruptions")
    func blockingOperators() {
        #expect(blocking(.single, "|") == "out single() nil")
        #expect(blocking(.single, "(1|)") == "out single() success(1)")
        #expect(blocking(.single, "(1!)") == "out single() success(1)")
        #expect(blocking(.single, "(12|)") == "out single() nil")
        #expect(blocking(.single, "(1#)") == "out single() failure(e0)")
        #expect(blocking(.single, "(12#)") == "out single() nil")
        #expect(blocking(.first, "(12#)") == "out first() success(1)")
        #expect(blocking(.first, "#") == "out first() failure(e0)")
        #expect(blocking(.first, "!") == "out first() nil")
        #expect(blocking(.last, "(12|)") == "out last() success(2)")
        #expect(blocking(.last, "(12#)") == "out last() failure(e0)")
        #expect(blocking(.last, "(12!)") == "out last() nil")
        #expect(blocking(.last, "|") == "out last() nil")
        #expect(blocking(.wait, "(12!)") == "out wait() success")
        #expect(blocking(.wait, "(1#)") == "out wait() failure(e0)")
        // first() stops the run at its first value: the hooks see no more.
        #expect(blocking(.first, "(12|)", [.on(id: 1, hooks: [.value, .disposed])])
            == "on1 value 1 on1 disposed out first() success(1)")
    }

    @Test("properties: the current value, then each change; composed ones keep the latest")
    func properties() {
        #expect(property("-1-2", 5, [.map(1)]) == "0:6 1:2 3:3")
        // filter(initial: 0): 0 until a value passes.
        #expect(property("-1-2-4", 5, [.filter(even)]) == "0:0 3:2 5:4")
        #expect(property("-1-2-4", 6, [.filter(even)]) == "0:6 3:2 5:4")
        #expect(property("-1-1-2", 1, [.skipRepeats]) == "0:1 5:2")
        #expect(property("-1--", 5, [.combineLatest(1)], other: ("--2", 7)) == "0:(5,7) 1:(1,7) 2:(1,2)")
        #expect(property("-1--", 5, [.zip(1)], other: ("--2", 7)) == "0:(5,7) 2:(1,2)")
        // Observing the signal: the changes only.
        #expect(property("-1-2", 5, [.map(1)], signal: true) == "1:2 3:3")
    }

    @Test("memoized sequences: the values read, and each closure called once per value it reads")
    func sequences() {
        #expect(sequence("1234", [.map(1), .takeFirst(2)])
            == ["out 2", "out 3", "calls op0 2", "out2 2", "out2 3", "calls op0 2"])
        #expect(sequence("1234", [.takeFirst(2), .map(1)])
            == ["out 2", "out 3", "calls op1 2", "out2 2", "out2 3", "calls op1 2"])
        #expect(sequence("1234", [.filter(even), .takeFirst(1)]) == ["out 2", "calls op0 2", "out2 2", "calls op0 2"])
        // zip reads its own source first: a value of it is read for a pair it cannot make.
        #expect(sequence("123", [.map(0), .zip(1)], other: "5")
            == ["out (1,5)", "calls op0 2", "out2 (1,5)", "calls op0 2"])
        #expect(sequence("1212", [.takeWhile(odd)]) == ["out 1", "calls op0 2", "out2 1", "calls op0 2"])
    }
}

/// What a consumer calling `call` on a synchronous source `diagram` through `ops` records: the
/// hook calls and the result.
private func blocking(_ call: Blocking, _ diagram: String, _ ops: [Op] = [.map(0)]) -> String {
    let c = Case(inputs: [InputSpec(steps: steps(diagram), kind: .sync, role: .any)], ops: ops,
                 consumers: [Consumer(blocking: call)])
    return c.modelObservation().log.map(\.text).joined(separator: " ")
}

/// What the producer (or, with `signal`, the signal) of the property made by `ops` from a
/// property `initial` set by `diagram` sends.
private func property(_ diagram: String, _ initial: Int, _ ops: [Op], other: (String, Int)? = nil,
                      signal: Bool = false) -> String {
    var inputs = [InputSpec(steps: steps(diagram), kind: .hot, role: .any, initial: initial)]
    if let (diagram, initial) = other { inputs.append(InputSpec(steps: steps(diagram), kind: .hot, role: .any, initial: initial)) }
    let c = Case(form: .property, inputs: inputs, ops: ops, consumers: [Consumer(withSignal: signal)])
    return describe(c.modelObservation().output)
}

/// The log of reading the sequence of `diagram`'s values through `ops` twice.
private func sequence(_ diagram: String, _ ops: [Op], other: String? = nil) -> [String] {
    let inputs = ([diagram] + (other.map { [$0] } ?? [])).map { InputSpec(steps: steps($0), kind: .sequence, role: .any) }
    return Case(form: .sequence, inputs: inputs, ops: ops).modelObservation().log.map(\.text)
}
