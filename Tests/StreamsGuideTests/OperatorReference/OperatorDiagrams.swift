import Foundation
import Streams
import StreamsTesting

/// The entries of the operator reference, in the order of the article.
///
/// Values are digits; an operator that makes other values draws their descriptions. Inputs are
/// cold producers started with the result, so frames count from the start of the run.
let operatorDiagrams: [OperatorDiagram] = [
    // MARK: Transforming
    OperatorDiagram(
        "Transforming", "map", call: "map { $0 * 2 }",
        summary: "Sends the result of a closure for each value.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].map { $0 * 2 }.map(String.init) }),
    OperatorDiagram(
        "Transforming", "scan", call: "scan(0, +)",
        summary: "Sends each intermediate result of combining the values, starting from an initial one.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].scan(0, +).map(String.init) }),
    OperatorDiagram(
        "Transforming", "reduce", call: "reduce(0, +)",
        summary: "Sends the result of combining all the values, once the source completes.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "On completion, the result then completion, in one frame; a failure or an interruption passes through and nothing is sent.",
        disposal: "Disposing the result disposes the upstream run; the result so far is dropped.",
        apply: { _, inputs in inputs[0].reduce(0, +).map(String.init) }),
    OperatorDiagram(
        "Transforming", "collect", call: "collect()",
        summary: "Sends all the values in one array, once the source completes.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "On completion, the array then completion, in one frame (an empty array if there were no values); a failure or an interruption passes through and the values are dropped.",
        disposal: "Disposing the result disposes the upstream run; the values kept are dropped.",
        apply: { _, inputs in inputs[0].collect().map { "\($0)" } }),
    OperatorDiagram(
        "Transforming", "combinePrevious", call: "combinePrevious(0)",
        summary: "Sends each value with the one before it, the first with an initial value.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].combinePrevious(0).map { "\($0)\($1)" } }),
    OperatorDiagram(
        "Transforming", "filterMap", call: "filterMap { $0.isMultiple(of: 2) ? $0 / 2 : nil }",
        summary: "Sends the non-nil results of a closure, dropping the values for which it returns nil.",
        inputs: [("numbers", "-2-3-4-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].filterMap { $0.isMultiple(of: 2) ? $0 / 2 : nil }.map(String.init) }),
    OperatorDiagram(
        "Transforming", "collect-count", call: "collect(count: 2)",
        summary: "Gathers values into arrays of a given size.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "On completion, the values left, fewer than the count, as a last array (an empty one if no value ever came), then completion; a failure or an interruption passes through and a partial array is dropped.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].collect(count: 2).map { "\($0)" } }),

    // MARK: Filtering
    OperatorDiagram(
        "Filtering", "filter", call: "filter { $0.isMultiple(of: 2) }",
        summary: "Sends the values for which a predicate is true.",
        inputs: [("numbers", "-1-2-3-4-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].filter { $0.isMultiple(of: 2) }.map(String.init) }),
    OperatorDiagram(
        "Filtering", "skipRepeats", call: "skipRepeats()",
        summary: "Drops a value equal to the one before it.",
        inputs: [("numbers", "-1-1-2-2-1-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].skipRepeats().map(String.init) }),
    OperatorDiagram(
        "Filtering", "take-first", call: "take(first: 2)",
        summary: "Sends the first values, then completes.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "Completes right after the last value it takes, and disposes the upstream run; before that, a failure or an interruption passes through.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].take(first: 2).map(String.init) }),
    OperatorDiagram(
        "Filtering", "take-last", call: "take(last: 2)",
        summary: "Sends the last values, once the source completes.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "On completion, the values kept then completion, in one frame; a failure or an interruption passes through and the values are dropped.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].take(last: 2).map(String.init) }),
    OperatorDiagram(
        "Filtering", "take-while", call: "take(while: { $0 < 3 })",
        summary: "Sends values while a predicate is true, then completes.",
        inputs: [("numbers", "-1-2-3-1-|")],
        terminal: "Completes at the first value for which the predicate is false, without sending it, and disposes the upstream run.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].take(while: { $0 < 3 }).map(String.init) }),
    OperatorDiagram(
        "Filtering", "skip-first", call: "skip(first: 2)",
        summary: "Drops the first values, then sends the others.",
        inputs: [("numbers", "-1-2-3-4-|")],
        terminal: "Completion, failure and interruption pass through at once.",
        disposal: "Disposing the result disposes the upstream run.",
        apply: { _, inputs in inputs[0].skip(first: 2).map(String.init) }),
    OperatorDiagram(
        "Filtering", "take-until", call: "take(until: trigger)",
        summary: "Sends values until a trigger sends a value or completes, then completes.",
        inputs: [("numbers", "-1-2-3-4-|"), ("trigger", "----x|")],
        terminal: "The trigger's first value or its completion completes the result and disposes both runs; before that, the source's events pass through. The trigger's interruption is ignored.",
        disposal: "Disposing the result disposes both runs.",
        scheduler: "None: events are delivered where the source or the trigger sends them, one at a time.",
        apply: { _, inputs in inputs[0].take(until: inputs[1].map { _ in () }.flatMapError { _ in SignalProducer<(), Never>.empty }).map(String.init) }),
    OperatorDiagram(
        "Filtering", "skip-until", call: "skip(until: trigger)",
        summary: "Drops values until a trigger sends a value or completes, then sends every event.",
        inputs: [("numbers", "-1-2-3-4-|"), ("trigger", "----x|")],
        terminal: "After the trigger fired, the source's events pass through; a terminal event before that is not seen. A trigger interrupted before firing interrupts the result.",
        disposal: "Disposing the result disposes both runs.",
        apply: { _, inputs in inputs[0].skip(until: inputs[1].map { _ in () }.flatMapError { _ in SignalProducer<(), Never>.empty }).map(String.init) }),

    // MARK: Combining
    OperatorDiagram(
        "Combining", "merge", call: "merge(with: b)",
        summary: "Sends the values of both sources as they come.",
        inputs: [("a", "-1---3--|"), ("b", "---2---4|")],
        terminal: "Completes when both have completed; fails or is interrupted as soon as either does.",
        disposal: "Disposing the result disposes both runs.",
        apply: { _, inputs in inputs[0].merge(with: inputs[1]).map(String.init) }),
    OperatorDiagram(
        "Combining", "combineLatest", call: "combineLatest(with: b)",
        summary: "Sends the latest values of both sources together, each time either sends, once both have sent.",
        inputs: [("a", "-1---3---|"), ("b", "---2---4-|")],
        terminal: "Completes when both have completed, or when one completes without having sent; fails or is interrupted as soon as either does.",
        disposal: "Disposing the result disposes both runs.",
        apply: { _, inputs in inputs[0].combineLatest(with: inputs[1]).map { "\($0)\($1)" } }),
    OperatorDiagram(
        "Combining", "zip", call: "zip(with: b)",
        summary: "Pairs the n-th value of one source with the n-th value of the other.",
        inputs: [("a", "-1-2-3---|"), ("b", "---4---5-|")],
        terminal: "Completes when a source has completed and every value it sent has been paired; fails or is interrupted as soon as either does.",
        disposal: "Disposing the result disposes both runs.",
        apply: { _, inputs in inputs[0].zip(with: inputs[1]).map { "\($0)\($1)" } }),
    OperatorDiagram(
        "Combining", "withLatest", call: "withLatest(from: b)",
        summary: "Sends each value with the latest value of another source, once that one has sent.",
        inputs: [("a", "-1---2---3-|"), ("b", "---4---5|")],
        terminal: "The source's completion, failure and interruption pass through; the other source cannot fail, and its completion or interruption ends nothing: its last value keeps being used.",
        disposal: "Disposing the result disposes both runs.",
        apply: { _, inputs in
            inputs[0].withLatest(from: inputs[1].flatMapError { _ in SignalProducer<Int, Never>.empty })
                .map { "\($0)\($1)" }
        }),
    OperatorDiagram(
        "Combining", "then", call: "then(b)",
        summary: "Waits for the source to complete, ignoring its values, then sends the values of another producer.",
        inputs: [("a", "-1-2|"), ("b", "-3-4|")],
        terminal: "Completes when the second producer completes; a failure of either fails the result, and after a failure of the first the second never starts.",
        disposal: "Disposing the result interrupts the producer that is running, and starts no other.",
        apply: { _, inputs in inputs[0].then(inputs[1]).map(String.init) }),
    OperatorDiagram(
        "Combining", "sample-on", call: "sample(on: sampler)",
        summary: "Sends the latest value of the source each time a sampler sends, if the source has sent one.",
        inputs: [("numbers", "-12---3----|"), ("sampler", "---x-x--x-x|")],
        terminal: "Completes once both the source and the sampler have completed; the source's failure fails the result at once; either's interruption interrupts it.",
        disposal: "Disposing the result disposes both runs.",
        scheduler: "None: samples are delivered on the sampler's thread.",
        apply: { _, inputs in inputs[0].sample(on: inputs[1].map { _ in () }.flatMapError { _ in SignalProducer<(), Never>.empty }).map(String.init) }),
    OperatorDiagram(
        "Combining", "retry", call: "retry(upTo: 1)",
        summary: "Starts the producer again when it fails, up to a number of times.",
        inputs: [("attempt", "-1-#")],
        terminal: "A failure with retries left starts the next attempt at once and is not forwarded; the last failure is. Completion ends the result; an interruption interrupts it and is not retried.",
        disposal: "Disposing the result disposes the attempt that is running, and starts no other.",
        scheduler: "None: a new attempt starts on the thread the previous one failed on.",
        apply: { _, inputs in inputs[0].retry(upTo: 1).map(String.init) }),

    // MARK: Flattening
    OperatorDiagram(
        "Flattening", "flatMap-merge", call: "flatMap(.merge) { n in n-n-n| }",
        summary: "Starts a producer for each value and sends the values of all of them as they come.",
        inputs: [("outer", "-1--2-----|")],
        terminal: "Completes when the outer source and every inner producer have completed; any failure fails the result and disposes the others.",
        disposal: "Disposing the result disposes the outer run and every inner run.",
        apply: { test, inputs in inputs[0].flatMap(.merge) { n in test.cold("\(n)-\(n)-\(n)|", values: marbleValues, error: MarbleError()).producer }.map(String.init) }),
    OperatorDiagram(
        "Flattening", "flatMap-concat", call: "flatMap(.concat) { n in n-n-n| }",
        summary: "Starts a producer for each value, one at a time: the next once the previous has completed.",
        inputs: [("outer", "-1--2-----|")],
        terminal: "Completes when the outer source and every inner producer have completed; any failure fails the result.",
        disposal: "Disposing the result disposes the outer run and the inner run; waiting producers never start.",
        apply: { test, inputs in inputs[0].flatMap(.concat) { n in test.cold("\(n)-\(n)-\(n)|", values: marbleValues, error: MarbleError()).producer }.map(String.init) }),
    OperatorDiagram(
        "Flattening", "flatMap-latest", call: "flatMap(.latest) { n in n-n-n| }",
        summary: "Starts a producer for each value and sends the values of the latest one only, disposing the one before.",
        inputs: [("outer", "-1--2-----|")],
        terminal: "Completes when the outer source and the latest inner producer have completed; any failure fails the result.",
        disposal: "Disposing the result disposes the outer run and the inner run.",
        apply: { test, inputs in inputs[0].flatMap(.latest) { n in test.cold("\(n)-\(n)-\(n)|", values: marbleValues, error: MarbleError()).producer }.map(String.init) }),
    OperatorDiagram(
        "Flattening", "flatMapError", call: "flatMapError { _ in 9| }",
        summary: "Replaces a failure with the events of a producer made from the error.",
        inputs: [("numbers", "-1-2-#")],
        terminal: "Values and completion pass through; on failure, the replacement starts and the result ends as it does.",
        disposal: "Disposing the result disposes the run that is going, the source's or the replacement's.",
        apply: { test, inputs in inputs[0].flatMapError { _ in test.cold("9|", values: marbleValues, error: MarbleError()).producer }.map(String.init) }),
    OperatorDiagram(
        "Flattening", "flatMap-race", call: "flatMap(.race) { n in … }",
        summary: "Starts a producer for each value until one of them sends a value; from then on, sends that one's events only. Here the producer of 1 sends at its third frame, that of 2 at its first.",
        inputs: [("outer", "-12-------|")],
        terminal: "Completes when the outer source and the winning producer have completed; any failure fails the result; an interruption of an inner producer interrupts the result.",
        disposal: "Disposing the result disposes the outer run and every inner run.",
        apply: { test, inputs in inputs[0].flatMap(.race) { n in test.cold(n == 1 ? "---1-1|" : "-2-2|", values: marbleValues, error: MarbleError()).producer }.map(String.init) }),
    OperatorDiagram(
        "Flattening", "flatMap-throttle", call: "flatMap(.throttle) { n in n-n| }",
        summary: "Starts a producer for a value only when none is running; values arriving meanwhile are dropped.",
        inputs: [("outer", "-1-2--3---|")],
        terminal: "Completes when the outer source and the running producer have completed; any failure fails the result.",
        disposal: "Disposing the result disposes the outer run and the inner run.",
        apply: { test, inputs in inputs[0].flatMap(.throttle) { n in test.cold("\(n)-\(n)|", values: marbleValues, error: MarbleError()).producer }.map(String.init) }),

    // MARK: Time
    OperatorDiagram(
        "Time", "delay", call: "delay(2 frames, on: scheduler)",
        summary: "Sends each value and the completion later, on a scheduler.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "Completion is delayed like the values; a failure or an interruption is delivered on the scheduler at once, and drops the values still waiting.",
        disposal: "Disposing the result cancels the deliveries waiting and interrupts on the scheduler.",
        scheduler: "Every event is delivered on the scheduler given.",
        apply: { test, inputs in inputs[0].delay(test.frames(2), on: test.scheduler).map(String.init) }),
    OperatorDiagram(
        "Time", "debounce", call: "debounce(2 frames, on: scheduler)",
        summary: "Sends a value once the source has been quiet for an interval after it.",
        inputs: [("numbers", "-12---3-4-----|")],
        terminal: "By default the completion is delivered at once and a value still waiting is dropped; with `discardWhenCompleted: false` the value waiting is delivered when its interval ends, then the completion. A failure or an interruption is delivered at once and drops it.",
        disposal: "Disposing the result cancels the delivery waiting.",
        scheduler: "Every event is delivered on the scheduler given, whose clock measures the interval.",
        apply: { test, inputs in inputs[0].debounce(test.frames(2), on: test.scheduler).map(String.init) }),
    OperatorDiagram(
        "Time", "throttle", call: "throttle(3 frames, on: scheduler)",
        summary: "Sends at most one value per interval: the first at once, then the latest of each burst.",
        inputs: [("numbers", "-12-3----45---|")],
        terminal: "Completion, failure and interruption are delivered at once and drop a value held back.",
        disposal: "Disposing the result cancels the delivery waiting.",
        scheduler: "Every event is delivered on the scheduler given, whose clock measures the interval.",
        apply: { test, inputs in inputs[0].throttle(test.frames(3), on: test.scheduler).map(String.init) }),
    OperatorDiagram(
        "Time", "timeout", call: "timeout(after: 4 frames, raising: e, on: scheduler)",
        summary: "Fails with the given error if the source has not ended within an interval.",
        inputs: [("numbers", "-1-2-----3-|")],
        terminal: "Values and the source's own ending pass through; at the deadline, the error, and the source is disposed.",
        disposal: "Disposing the result disposes the upstream run and cancels the deadline.",
        scheduler: "The deadline is measured and its failure delivered on the scheduler; the source's events are delivered where it sends them.",
        apply: { test, inputs in inputs[0].timeout(after: test.frames(4), raising: MarbleError(), on: test.scheduler).map(String.init) }),
    OperatorDiagram(
        "Time", "observe-on", call: "observe(on: scheduler)",
        summary: "Delivers every event on a scheduler, in order.",
        inputs: [("numbers", "-1-2-3-|")],
        terminal: "Completion, failure and interruption are delivered on the scheduler after the values before them.",
        disposal: "Disposing the result disposes the upstream run, cancels the deliveries waiting, and interrupts on the scheduler.",
        scheduler: "Every event is delivered on the scheduler given; on a `TestScheduler`, in the frame it was sent.",
        apply: { test, inputs in inputs[0].observe(on: test.scheduler).map(String.init) }),
]
