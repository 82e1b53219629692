import Foundation
import Synchronization
import Testing
import Streams

// Uses the operators of OutsideOperators.swift, written against the public `StreamProtocol`
// only, on both kinds of stream. This target imports Streams without @testable, as another
// package would.

/// An error for producers that can fail.
enum OutsideError: Swift.Error, Equatable {
    case boom
}

/// What one run of a synchronous producer delivered.
struct ProducerRun<Value> {
    var values: [Value] = []
    var terminal: String = "none"
}

/// Holds a run while the observer fills it; touched only by the synchronous run.
final class RunBox<Value>: @unchecked Sendable {
    var run = ProducerRun<Value>()
}

/// Starts `producer` and collects what it sends before `start` returns.
func run<Value, Error>(_ producer: SignalProducer<Value, Error>) -> ProducerRun<Value> {
    let box = RunBox<Value>()
    producer.start { event in
        switch event {
        case let .value(value): box.run.values.append(value)
        case let .failed(error): box.run.terminal = "failed(\(error))"
        case .completed: box.run.terminal = "completed"
        case .interrupted: box.run.terminal = "interrupted"
        }
    }
    return box.run
}

/// `[1, 2, 3]` with `separator` between values, computed on the array.
func intersperseReference(_ values: [Int], _ separator: Int) -> [Int] {
    values.enumerated().flatMap { index, value in index == 0 ? [value] : [separator, value] }
}

/// Consecutive pairs, computed on the array, as strings for comparison.
func pairwiseReference(_ values: [Int]) -> [String] {
    Swift.zip(values, values.dropFirst()).map { "(\($0), \($1))" }
}

func describe(_ pairs: [(Int, Int)]) -> [String] { pairs.map { "(\($0.0), \($0.1))" } }

/// The operators used from generic code, where only the protocol is known.
func intersperseGeneric<S: StreamProtocol>(_ stream: S, _ separator: S.Value) -> S { stream.intersperse(separator) }
func pairwiseGeneric<S: StreamProtocol>(_ stream: S) -> StreamOf<S.Kind, (S.Value, S.Value)> { stream.pairwise() }

let outsideInputs: [[Int]] = [[], [1], [1, 2], [1, 2, 3], [5, 5, 5, 5], Array(0..<20)]

@Suite("Operators written outside the package, on SignalProducer")
struct OutsideOperatorsProducerTests {
    @Test("intersperse", arguments: outsideInputs)
    func intersperse(_ values: [Int]) {
        let producer: SignalProducer<Int, Never> = SignalProducer(values).intersperse(0)
        let result = run(producer)
        #expect(result.values == intersperseReference(values, 0))
        #expect(result.terminal == "completed")
        #expect(run(intersperseGeneric(SignalProducer<Int, Never>(values), -1)).values
                == intersperseReference(values, -1))
    }

    @Test("pairwise", arguments: outsideInputs)
    func pairwise(_ values: [Int]) {
        let producer: SignalProducer<(Int, Int), Never> = SignalProducer(values).pairwise().producer
        let result = run(producer)
        #expect(describe(result.values) == pairwiseReference(values))
        #expect(result.terminal == "completed")
        #expect(describe(run(pairwiseGeneric(SignalProducer<Int, Never>(values)).producer).values)
                == pairwiseReference(values))
    }

    @Test("starting the same producer twice gives the same result (state is per run)")
    func startedTwice() {
        let starts = Mutex(0)
        let source = SignalProducer<Int, Never> { observer, _ in
            starts.withLock { $0 += 1 }
            for value in [1, 2, 3] { observer.send(value: value) }
            observer.sendCompleted()
        }
        let interspersed = source.intersperse(0)
        let pairs = source.pairwise().producer
        for _ in 0..<3 {
            #expect(run(interspersed).values == [1, 0, 2, 0, 3])
            #expect(describe(run(pairs).values) == ["(1, 2)", "(2, 3)"])
        }
        #expect(starts.withLock { $0 } == 6)
    }

    @Test("composed: pairwise of intersperse, and intersperse of a pairwise-derived stream")
    func composed() {
        let source = SignalProducer<Int, Never>([1, 2, 3])
        #expect(describe(run(source.intersperse(0).pairwise().producer).values)
                == ["(1, 0)", "(0, 2)", "(2, 0)", "(0, 3)"])
        let sums = source.pairwise().map { $0 + $1 }.intersperse(-1)
        #expect(run(sums.producer).values == [3, -1, 5])
    }

    @Test("a failure goes through both operators")
    func failure() {
        let source = SignalProducer<Int, OutsideError>([1, 2]).concat(SignalProducer(error: .boom))
        let interspersed = run(source.intersperse(0))
        #expect(interspersed.values == [1, 0, 2])
        #expect(interspersed.terminal == "failed(boom)")
        let pairs = run(source.pairwise().producer)
        #expect(describe(pairs.values) == ["(1, 2)"])
        #expect(pairs.terminal == "failed(boom)")
    }
}

@Suite("Operators written outside the package, on MemoizedSequence")
struct OutsideOperatorsSequenceTests {
    @Test("intersperse", arguments: outsideInputs)
    func intersperse(_ values: [Int]) {
        let sequence: MemoizedSequence<Int> = MemoizedSequence(values).intersperse(0)
        #expect(Array(sequence) == intersperseReference(values, 0))
        #expect(Array(sequence) == intersperseReference(values, 0))
        #expect(Array(intersperseGeneric(MemoizedSequence(values), -1)) == intersperseReference(values, -1))
    }

    @Test("pairwise", arguments: outsideInputs)
    func pairwise(_ values: [Int]) {
        let pairs = MemoizedSequence(values).pairwise()
        #expect(describe(Array(pairs)) == pairwiseReference(values))
        #expect(describe(Array(pairs.sequence)) == pairwiseReference(values))
        #expect(describe(Array(pairwiseGeneric(MemoizedSequence(values)))) == pairwiseReference(values))
    }

    @Test("evaluating twice, and deriving twice from the same sequence, give the same result")
    func evaluatedTwice() {
        let source = MemoizedSequence([1, 2, 3])
        for _ in 0..<3 {
            #expect(Array(source.intersperse(0)) == [1, 0, 2, 0, 3])
            #expect(describe(Array(source.pairwise())) == ["(1, 2)", "(2, 3)"])
        }
        let interspersed = source.intersperse(0)
        #expect(Array(interspersed) == Array(interspersed))
    }

    @Test("composed: pairwise of intersperse, and intersperse of a pairwise-derived stream")
    func composed() {
        let source = MemoizedSequence([1, 2, 3])
        #expect(describe(Array(source.intersperse(0).pairwise()))
                == ["(1, 0)", "(0, 2)", "(2, 0)", "(0, 3)"])
        #expect(Array(source.pairwise().map { $0 + $1 }.intersperse(-1)) == [3, -1, 5])
    }

    @Test("lazy: an infinite sequence can be interspersed and paired, then cut")
    func infinite() {
        let naturals = MemoizedSequence(0...)
        #expect(Array(naturals.intersperse(-1).take(first: 5)) == [0, -1, 1, -1, 2])
        #expect(describe(Array(naturals.pairwise().take(first: 2))) == ["(0, 1)", "(1, 2)"])
    }
}
