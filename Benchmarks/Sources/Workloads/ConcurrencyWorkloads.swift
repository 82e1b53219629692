// W11 async-values: `for await` over the values of a synchronous producer, against the standard
// library's AsyncStream, swift-async-algorithms' AsyncChannel and a plain loop.

import AsyncAlgorithms
import Streams

// MARK: - W11 async-values

private let w11Values = 1_000_000
/// AsyncChannel's run is shorter: a run of a million hand-offs takes about two seconds, and the
/// benchmark harness records no throughput for a run longer than two seconds (it rounds the runs
/// per second to zero), which leaves the variant without results. Per value, the cost is the same.
private let w11ChannelValues = 200_000

extension Workload {
    static let asyncValues: Workload = {
        var reference = 0
        for i in 0..<w11Values { reference &+= i }
        let expected = reference
        let channelExpected = (0..<w11ChannelValues).reduce(0, &+)
        return Workload(
            id: "W11", name: "async-values", unit: "value",
            summary: "for await over 1,000,000 values of a synchronous producer (values); against AsyncStream and AsyncChannel",
            variants: [
                // A sequence source is pulled: each `next()` steps the run by one element, on the
                // iterating task, with no buffer and no lock.
                Variant(contender: .streams, size: nil, events: w11Values, expected: expected, runAsync: { _ in
                    var sum = 0
                    for await value in SignalProducer<Int, Never>(0..<w11Values).values { sum &+= value }
                    return sum
                }, repetitions: 15),
                // The same shape: every value yielded into the (unbounded) buffer, then iterated.
                Variant(contender: .asyncStream, size: nil, events: w11Values, expected: expected, runAsync: { _ in
                    let (stream, continuation) = AsyncStream<Int>.makeStream()
                    for i in 0..<w11Values { continuation.yield(i) }
                    continuation.finish()
                    var sum = 0
                    for await value in stream { sum &+= value }
                    return sum
                }, repetitions: 15),
                // No buffer: every send waits for the loop to take its value, so each value is a
                // hand-off between two tasks.
                Variant(contender: .asyncChannel, size: nil, events: w11ChannelValues, expected: channelExpected, runAsync: { _ in
                    let channel = AsyncChannel<Int>()
                    let sender = Task {
                        for i in 0..<w11ChannelValues { await channel.send(i) }
                        channel.finish()
                    }
                    var sum = 0
                    for await value in channel { sum &+= value }
                    await sender.value
                    return sum
                }, repetitions: 5),
                // The floor: the same values summed from an array by a plain loop.
                Variant(contender: .baseline, size: nil, events: w11Values, expected: expected, run: { stopwatch in
                    let values = opaque(Array(0..<w11Values))
                    stopwatch.start()
                    var sum = 0
                    for value in values { sum &+= value }
                    stopwatch.stop()
                    return sum
                }, repetitions: 15),
            ]
        )
    }()
}
