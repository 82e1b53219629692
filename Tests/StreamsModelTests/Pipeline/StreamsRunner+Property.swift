// The Property form of a case on Streams: each input is a `MutableProperty` that the values of
// its hot signal set, and each operator makes a property from the one before (and the inputs it
// uses), during the setup.

import Streams

extension StreamsRun {
    /// Input `index` as a property: a `MutableProperty` holding the input's initial value, set
    /// by each value of its hot signal, viewed as a `Property`.
    func makeProperty(_ index: Int) -> Property<MValue> {
        let mutable = MutableProperty(MValue.int(testCase.inputs[index].initial))
        signals[index]!.observe(Signal<MValue, TE>.Observer { event in
            if case let .value(value) = event { mutable.value = value }
        })
        let property = Property(capturing: mutable)
        kept.append(property)
        return property
    }

    /// The chain of properties, each kept by the test.
    func propertyPipeline() -> Property<MValue> {
        for index in testCase.inputs.indices {
            properties[index] = makeProperty(index)
        }
        return testCase.ops.reduce(properties[0]!) { upstream, op in
            let property = apply(op, to: upstream)
            kept.append(property)
            return property
        }
    }

    /// Observes the changes of a property for consumer `j`.
    func observeChanges(_ signal: Signal<MValue, Never>, _ j: Int) -> Disposable? {
        let observer = self.observer(j)
        return signal.observe(Signal<MValue, Never>.Observer { event in
            switch event {
            case let .value(value): observer.send(value: value)
            case .completed: observer.sendCompleted()
            case .interrupted: observer.sendInterrupted()
            }
        })
    }

    /// The operator on a property.
    func apply(_ op: Op, to upstream: Property<MValue>) -> Property<MValue> {
        let bool = Self.bool
        let int = Self.int
        switch op {
        case let .map(k): return upstream.map { $0.plus(k) }
        case let .filter(p): return upstream.filter(initial: .int(0)) { p($0) }
        case let .combinePrevious(initial?): return upstream.combinePrevious(.int(initial)).map { MValue.pair($0, $1) }
        case .skipRepeats: return upstream.skipRepeats()
        case .uniqueValues: return upstream.uniqueValues()
        case let .combineLatest(i): return upstream.combineLatest(with: properties[i]!).map { MValue.pair($0, $1) }
        case let .zip(i): return upstream.zip(with: properties[i]!).map { MValue.pair($0, $1) }
        case let .combineLatestN(indices, array):
            let all = [upstream] + indices.map { properties[$0]! }
            return array ? Property<MValue>.combineLatest(all)!.map { MValue.list($0) } : Arity.combineLatest(all)
        case let .zipN(indices, array):
            let all = [upstream] + indices.map { properties[$0]! }
            return array ? Property<MValue>.zip(all)!.map { MValue.list($0) } : Arity.zip(all)
        case .negate: return upstream.map(bool).negate().map(int)
        case let .and(i): return upstream.map(bool).and(properties[i]!.map(bool)).map(int)
        case let .or(i): return upstream.map(bool).or(properties[i]!.map(bool)).map(int)
        case let .all(indices): return Property<Bool>.all(([upstream] + indices.map { properties[$0]! }).map { $0.map(bool) }).map(int)
        case let .any(indices): return Property<Bool>.any(([upstream] + indices.map { properties[$0]! }).map { $0.map(bool) }).map(int)
        case let .flatMap(strategy, indices):
            let inners = indices.map { properties[$0]! }
            return upstream.flatMap(strategy.streams) { inners[pick($0, among: inners.count)] }
        default: preconditionFailure("\(op) has no property form")
        }
    }
}
