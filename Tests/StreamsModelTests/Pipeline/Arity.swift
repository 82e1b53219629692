// The arity overloads of combineLatest, zip and merge, for 2 to 10 streams, called with the
// streams of a case: a case draws how many streams it combines, and this turns the count into
// the overload ReactiveSwift code would call.

import Streams

enum Arity {
    static func combineLatest(_ s: [SignalProducer<MValue, TE>]) -> SignalProducer<MValue, TE> {
        switch s.count {
        case 2: return SignalProducer.combineLatest(s[0], s[1]).map { MValue.list([$0, $1]) }
        case 3: return SignalProducer.combineLatest(s[0], s[1], s[2]).map { MValue.list([$0, $1, $2]) }
        case 4: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3]).map { MValue.list([$0, $1, $2, $3]) }
        case 5: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { MValue.list([$0, $1, $2, $3, $4]) }
        case 6: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { MValue.list([$0, $1, $2, $3, $4, $5]) }
        case 7: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6]) }
        case 8: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7]) }
        case 9: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8]) }
        case 10: return SignalProducer.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8, $9]) }
        default: preconditionFailure("combineLatest of \(s.count) streams")
        }
    }

    static func zip(_ s: [SignalProducer<MValue, TE>]) -> SignalProducer<MValue, TE> {
        switch s.count {
        case 2: return SignalProducer.zip(s[0], s[1]).map { MValue.list([$0, $1]) }
        case 3: return SignalProducer.zip(s[0], s[1], s[2]).map { MValue.list([$0, $1, $2]) }
        case 4: return SignalProducer.zip(s[0], s[1], s[2], s[3]).map { MValue.list([$0, $1, $2, $3]) }
        case 5: return SignalProducer.zip(s[0], s[1], s[2], s[3], s[4]).map { MValue.list([$0, $1, $2, $3, $4]) }
        case 6: return SignalProducer.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { MValue.list([$0, $1, $2, $3, $4, $5]) }
        case 7: return SignalProducer.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6]) }
        case 8: return SignalProducer.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7]) }
        case 9: return SignalProducer.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8]) }
        case 10: return SignalProducer.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8, $9]) }
        default: preconditionFailure("zip of \(s.count) streams")
        }
    }

    static func merge(_ s: [SignalProducer<MValue, TE>]) -> SignalProducer<MValue, TE> {
        switch s.count {
        case 2: return SignalProducer.merge(s[0], s[1])
        case 3: return SignalProducer.merge(s[0], s[1], s[2])
        case 4: return SignalProducer.merge(s[0], s[1], s[2], s[3])
        case 5: return SignalProducer.merge(s[0], s[1], s[2], s[3], s[4])
        case 6: return SignalProducer.merge(s[0], s[1], s[2], s[3], s[4], s[5])
        case 7: return SignalProducer.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        case 8: return SignalProducer.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        case 9: return SignalProducer.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8])
        case 10: return SignalProducer.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9])
        default: preconditionFailure("merge of \(s.count) streams")
        }
    }

    static func combineLatest(_ s: [Signal<MValue, TE>]) -> Signal<MValue, TE> {
        switch s.count {
        case 2: return Signal.combineLatest(s[0], s[1]).map { MValue.list([$0, $1]) }
        case 3: return Signal.combineLatest(s[0], s[1], s[2]).map { MValue.list([$0, $1, $2]) }
        case 4: return Signal.combineLatest(s[0], s[1], s[2], s[3]).map { MValue.list([$0, $1, $2, $3]) }
        case 5: return Signal.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { MValue.list([$0, $1, $2, $3, $4]) }
        case 6: return Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { MValue.list([$0, $1, $2, $3, $4, $5]) }
        case 7: return Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6]) }
        case 8: return Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7]) }
        case 9: return Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8]) }
        case 10: return Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8, $9]) }
        default: preconditionFailure("combineLatest of \(s.count) streams")
        }
    }

    static func zip(_ s: [Signal<MValue, TE>]) -> Signal<MValue, TE> {
        switch s.count {
        case 2: return Signal.zip(s[0], s[1]).map { MValue.list([$0, $1]) }
        case 3: return Signal.zip(s[0], s[1], s[2]).map { MValue.list([$0, $1, $2]) }
        case 4: return Signal.zip(s[0], s[1], s[2], s[3]).map { MValue.list([$0, $1, $2, $3]) }
        case 5: return Signal.zip(s[0], s[1], s[2], s[3], s[4]).map { MValue.list([$0, $1, $2, $3, $4]) }
        case 6: return Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { MValue.list([$0, $1, $2, $3, $4, $5]) }
        case 7: return Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6]) }
        case 8: return Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7]) }
        case 9: return Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8]) }
        case 10: return Signal.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8, $9]) }
        default: preconditionFailure("zip of \(s.count) streams")
        }
    }

    static func merge(_ s: [Signal<MValue, TE>]) -> Signal<MValue, TE> {
        switch s.count {
        case 2: return Signal.merge(s[0], s[1])
        case 3: return Signal.merge(s[0], s[1], s[2])
        case 4: return Signal.merge(s[0], s[1], s[2], s[3])
        case 5: return Signal.merge(s[0], s[1], s[2], s[3], s[4])
        case 6: return Signal.merge(s[0], s[1], s[2], s[3], s[4], s[5])
        case 7: return Signal.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        case 8: return Signal.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        case 9: return Signal.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8])
        case 10: return Signal.merge(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9])
        default: preconditionFailure("merge of \(s.count) streams")
        }
    }

    /// `Property.combineLatest` of 2 to 10 properties, the values as a list.
    static func combineLatest(_ s: [Property<MValue>]) -> Property<MValue> {
        switch s.count {
        case 2: return Property.combineLatest(s[0], s[1]).map { MValue.list([$0, $1]) }
        case 3: return Property.combineLatest(s[0], s[1], s[2]).map { MValue.list([$0, $1, $2]) }
        case 4: return Property.combineLatest(s[0], s[1], s[2], s[3]).map { MValue.list([$0, $1, $2, $3]) }
        case 5: return Property.combineLatest(s[0], s[1], s[2], s[3], s[4]).map { MValue.list([$0, $1, $2, $3, $4]) }
        case 6: return Property.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5]).map { MValue.list([$0, $1, $2, $3, $4, $5]) }
        case 7: return Property.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6]) }
        case 8: return Property.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7]) }
        case 9: return Property.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8]) }
        case 10: return Property.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8, $9]) }
        default: preconditionFailure("combineLatest of \(s.count) properties")
        }
    }

    /// `Property.zip` of 2 to 10 properties, the values as a list.
    static func zip(_ s: [Property<MValue>]) -> Property<MValue> {
        switch s.count {
        case 2: return Property.zip(s[0], s[1]).map { MValue.list([$0, $1]) }
        case 3: return Property.zip(s[0], s[1], s[2]).map { MValue.list([$0, $1, $2]) }
        case 4: return Property.zip(s[0], s[1], s[2], s[3]).map { MValue.list([$0, $1, $2, $3]) }
        case 5: return Property.zip(s[0], s[1], s[2], s[3], s[4]).map { MValue.list([$0, $1, $2, $3, $4]) }
        case 6: return Property.zip(s[0], s[1], s[2], s[3], s[4], s[5]).map { MValue.list([$0, $1, $2, $3, $4, $5]) }
        case 7: return Property.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6]) }
        case 8: return Property.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7]) }
        case 9: return Property.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8]) }
        case 10: return Property.zip(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]).map { MValue.list([$0, $1, $2, $3, $4, $5, $6, $7, $8, $9]) }
        default: preconditionFailure("zip of \(s.count) properties")
        }
    }
}
