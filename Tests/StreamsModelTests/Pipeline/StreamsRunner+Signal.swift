// The Signal form of a case on Streams: each operator of the chain applied to the signal of the
// one before, during the setup.

import Foundation
import Streams
import StreamsTesting

extension StreamsRun {
    func apply(_ op: Op, to upstream: Sig) -> Sig {
        switch op {
        case let .map(k): return upstream.map { $0.plus(k) }
        case let .filter(p): return upstream.filter { p($0) }
        case let .compactMap(p, k): return upstream.compactMap { p($0) ? nil : $0.plus(k) }
        case .scan: return upstream.scan(MValue.int(0), MValue.fold)
        case .scanInto: return upstream.scan(into: MValue.int(0)) { $0 = MValue.fold($0, $1) }
        case let .scanMap(k, into):
            if into {
                return upstream.scanMap(into: k) { state, value -> MValue in
                    defer { state += value.key }
                    return .pair(.int(state), value)
                }
            }
            return upstream.scanMap(k) { state, value in (state + value.key, MValue.pair(.int(state), value)) }
        case .reduce: return upstream.reduce(MValue.int(0), MValue.fold)
        case .reduceInto: return upstream.reduce(into: MValue.int(0)) { $0 = MValue.fold($0, $1) }
        case .collect: return upstream.collect().map { MValue.list($0) }
        case let .collectCount(n): return upstream.collect(count: n).map { MValue.list($0) }
        case let .takeFirst(n): return upstream.take(first: n)
        case let .takeLast(n): return upstream.take(last: n)
        case let .takeWhile(p): return upstream.take(while: { p($0) })
        case let .takeUntilPredicate(p): return upstream.take(until: { (value: MValue) in p(value) })
        case let .skipFirst(n): return upstream.skip(first: n)
        case let .skipWhile(p): return upstream.skip(while: { p($0) })
        case .skipRepeats: return upstream.skipRepeats()
        case .uniqueValues: return upstream.uniqueValues()
        case let .combinePrevious(initial):
            let pairs = initial.map { upstream.combinePrevious(MValue.int($0)) } ?? upstream.combinePrevious()
            return pairs.map { MValue.pair($0, $1) }
        case let .skipNil(p): return upstream.map { p($0) ? nil : $0 }.skipNil()
        case let .attempt(p): return upstream.attempt { p($0) ? .failure(TE(label: "a")) : .success(()) }
        case let .attemptMap(p, k): return upstream.attemptMap { p($0) ? .failure(TE(label: "a")) : .success($0.plus(k)) }
        case .mapError: return upstream.mapError { TE(label: "m" + $0.label) }
        case .ignoreErrors:
            return upstream.flatMapError { _ in SignalProducer<MValue, Never>.empty }.promoteError(TE.self)
        case .materialize:
            return upstream.materialize().map { MValue.event(MEvent($0)) }.promoteError(TE.self)
        case .dematerialize: return upstream.materialize().map(Self.unwrapped).dematerialize()
        case .materializeResults:
            return upstream.materializeResults().map { MValue.event(MEvent($0)) }.promoteError(TE.self)
        case .dematerializeResults: return upstream.materializeResults().map(Self.unwrapped).dematerializeResults()
        case .negate: return upstream.map(Self.bool).negate().map(Self.int)
        case let .on(id, hooks):
            let (has, hook) = self.hooks(id, hooks)
            return upstream.on(
                event: has.contains(.event) ? { hook(.event, MEvent($0).description) } : nil,
                failed: has.contains(.failed) ? { hook(.failed, $0.label) } : nil,
                completed: has.contains(.completed) ? { hook(.completed, "") } : nil,
                interrupted: has.contains(.interrupted) ? { hook(.interrupted, "") } : nil,
                terminated: has.contains(.terminated) ? { hook(.terminated, "") } : nil,
                disposed: has.contains(.disposed) ? { hook(.disposed, "") } : nil,
                value: has.contains(.value) ? { hook(.value, $0.description) } : nil)
        case let .takeUntil(i): return upstream.take(until: neverSignal(i).map { _ in () })
        case let .skipUntil(i): return upstream.skip(until: neverSignal(i).map { _ in () })
        case let .takeUntilReplacement(i): return upstream.take(untilReplacement: signals[i]!)
        case let .combineLatest(i): return upstream.combineLatest(with: signals[i]!).map { MValue.pair($0, $1) }
        case let .zip(i): return upstream.zip(with: signals[i]!).map { MValue.pair($0, $1) }
        case let .merge(i): return upstream.merge(with: signals[i]!)
        case let .combineLatestN(indices, array):
            let all = [upstream] + indices.map { signals[$0]! }
            return array ? Signal.combineLatest(all).map { MValue.list($0) } : Arity.combineLatest(all)
        case let .zipN(indices, array):
            let all = [upstream] + indices.map { signals[$0]! }
            return array ? Signal.zip(all).map { MValue.list($0) } : Arity.zip(all)
        case let .mergeN(indices, array):
            let all = [upstream] + indices.map { signals[$0]! }
            return array ? Signal.merge(all) : Arity.merge(all)
        case let .and(i): return upstream.map(Self.bool).and(signals[i]!.map(Self.bool)).map(Self.int)
        case let .or(i): return upstream.map(Self.bool).or(signals[i]!.map(Self.bool)).map(Self.int)
        case let .all(indices):
            return Signal.all(([upstream] + indices.map { signals[$0]! }).map { $0.map(Self.bool) }).map(Self.int)
        case let .any(indices):
            return Signal.any(([upstream] + indices.map { signals[$0]! }).map { $0.map(Self.bool) }).map(Self.int)
        case let .sampleOn(i): return upstream.sample(on: neverSignal(i).map { _ in () })
        case let .sampleWith(i): return upstream.sample(with: neverSignal(i)).map { MValue.pair($0, $1) }
        case let .withLatest(i): return upstream.withLatest(from: neverSignal(i)).map { MValue.pair($0, $1) }
        case let .flatMap(strategy, indices):
            let inners = indices.map { producers[$0] }
            return upstream.flatMap(strategy.streams) { inners[pick($0, among: inners.count)] }
        case let .flatMapError(i):
            let replacement = producers[i]
            return upstream.flatMapError { _ in replacement }
        case let .delay(h, sched): return upstream.delay(Self.seconds(h), on: dateScheduler(sched))
        case let .debounce(h, discard, sched):
            return upstream.debounce(Self.seconds(h), on: dateScheduler(sched), discardWhenCompleted: discard)
        case let .throttle(h, sched): return upstream.throttle(Self.seconds(h), on: dateScheduler(sched))
        case let .timeout(h, sched): return upstream.timeout(after: Self.seconds(h), raising: TE(label: "t"), on: dateScheduler(sched))
        case let .observeOn(sched): return upstream.observe(on: scheduler(sched))
        case let .lazyMap(k, sched): return upstream.lazyMap(on: scheduler(sched)) { $0.plus(k) }
        case let .collectEvery(h, skipEmpty, discard, sched):
            return upstream.collect(every: Self.interval(h), on: dateScheduler(sched), skipEmpty: skipEmpty,
                                    discardWhenCompleted: discard).map { MValue.list($0) }
        case let .throttleWhile(i, sched): return upstream.throttle(while: throttleProperty(i), on: scheduler(sched))
        case let .takeDuring(t): return upstream.take(during: lifetime(endingAt: t))
        case .concat, .prefix, .then, .retry, .retryInterval, .repeatCount, .startOn:
            preconditionFailure("\(op) has no signal form")
        }
    }
}
