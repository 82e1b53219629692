// The observer of an inner run: how the sequencing engine (`SequenceRun`) and the flattening
// engine (`FlattenRun`) start the producers they run one after another or side by side, and hear
// of their events.

/// An engine that starts inner producers and handles their events: ``SequenceRun`` (its
/// stages, one at a time, so untagged) and ``FlattenRun`` (its inner streams, tagged).
///
/// `Tag` tells the engine which of its inner runs an event comes from.
@usableFromInline
protocol InnerRunOwner: AnyObject {
    associatedtype InnerValue
    associatedtype InnerError: Swift.Error
    associatedtype Tag

    /// The interrupt handle of the inner run `tag`, before its first event: the engine keeps it
    /// so that ending its output stops even an endless synchronous inner run.
    func innerRunStarted(_ tag: Tag, handle: Disposable)
    /// An event of the inner run `tag`.
    func innerRun(_ tag: Tag, sent event: Signal<InnerValue, InnerError>.Event)
}

extension SignalProducer {
    /// Starts a run of this producer as the inner run `tag` of `owner`, which hears of its
    /// handle before its first event, then of each of its events.
    ///
    /// Inlinable, and generic over the owner, so that the engines' inner observers are
    /// specialized calls into the engine, not calls through a table.
    @inlinable
    func startInnerRun<Owner: InnerRunOwner>(of owner: Owner, _ tag: Owner.Tag)
    where Owner.InnerValue == Value, Owner.InnerError == Error {
        _ = startRun { handle in
            owner.innerRunStarted(tag, handle: handle)
            return Signal.Observer { event in owner.innerRun(tag, sent: event) }
        }
    }

    /// Starts a run of this producer as the one inner run of `owner`: what
    /// ``startInnerRun(of:_:)`` does, with an observer that holds the owner alone (no tag to
    /// keep, so no context to allocate per run).
    @inlinable
    func startInnerRun<Owner: InnerRunOwner>(of owner: Owner)
    where Owner.InnerValue == Value, Owner.InnerError == Error, Owner.Tag == Void {
        _ = startRun { handle in
            owner.innerRunStarted((), handle: handle)
            return Signal.Observer { event in owner.innerRun((), sent: event) }
        }
    }
}
