// repeat(_:): a producer run several times in a row.

extension SignalProducer {
    /// Runs this producer `count` times in a row, each run started once the previous completed.
    ///
    /// - Values: those of every run, in order, each delivered on the thread its run sends it from.
    /// - Completion: after the `count`-th run completed; at once, without a value, if `count` is
    ///   zero.
    /// - Errors: a failure of any run is forwarded at once and ends the result; no further run
    ///   starts.
    /// - Interruption: an interruption of a run interrupts the result. Disposing the result
    ///   interrupts the running run and starts no other.
    /// - Scheduler: none; each run is started on the thread the previous one completed on.
    ///
    /// A million repetitions of a producer that completes synchronously run in constant stack.
    ///
    /// ```swift
    /// SignalProducer<Int, Never>([1, 2]).repeat(3).collect()   // [1, 2, 1, 2, 1, 2]
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many times to run this producer in total.
    ///   - file: The file of the call, filled in by default; named when a precondition fails.
    ///   - line: The line of the call, filled in by default; named when a precondition fails.
    /// - Returns: A producer running this one `count` times on each start.
    /// - Precondition: `count >= 0`.
    @inlinable
    public func `repeat`(_ count: Int, file: StaticString = #fileID, line: UInt = #line) -> SignalProducer<Value, Error> {
        requirement(count >= 0, "repeat(_:) needs a count >= 0, got \(count)", file: file, line: line)
        if count == 0 { return .empty }
        if count == 1 { return self }
        let producer = self
        return .sequencing { repeatElement(producer, count: count).makeIterator() }
    }
}
