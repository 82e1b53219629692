// The tuple forms of combineLatest and zip, for 2 to 10 sources. Each arity adds its sources to
// the shared engine (`CombiningRun.swift`) in argument order and reads their slots into a tuple;
// the logic itself is not repeated.

extension Combining {
    /// Combines two sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>
    ) -> CombiningGenerator<(A, B), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            return { (slotA.take(), slotB.take()) }
        }
    }

    /// Combines three sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>
    ) -> CombiningGenerator<(A, B, C), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            return { (slotA.take(), slotB.take(), slotC.take()) }
        }
    }

    /// Combines four sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>
    ) -> CombiningGenerator<(A, B, C, D), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take()) }
        }
    }

    /// Combines five sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, E, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>,
        _ e: CombiningSource<E, Error>
    ) -> CombiningGenerator<(A, B, C, D, E), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            let slotE = wiring.add(e)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take(), slotE.take()) }
        }
    }

    /// Combines six sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, E, F, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>,
        _ e: CombiningSource<E, Error>,
        _ f: CombiningSource<F, Error>
    ) -> CombiningGenerator<(A, B, C, D, E, F), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            let slotE = wiring.add(e)
            let slotF = wiring.add(f)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take(), slotE.take(), slotF.take()) }
        }
    }

    /// Combines seven sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, E, F, G, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>,
        _ e: CombiningSource<E, Error>,
        _ f: CombiningSource<F, Error>,
        _ g: CombiningSource<G, Error>
    ) -> CombiningGenerator<(A, B, C, D, E, F, G), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            let slotE = wiring.add(e)
            let slotF = wiring.add(f)
            let slotG = wiring.add(g)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take(), slotE.take(), slotF.take(), slotG.take()) }
        }
    }

    /// Combines eight sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, E, F, G, H, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>,
        _ e: CombiningSource<E, Error>,
        _ f: CombiningSource<F, Error>,
        _ g: CombiningSource<G, Error>,
        _ h: CombiningSource<H, Error>
    ) -> CombiningGenerator<(A, B, C, D, E, F, G, H), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            let slotE = wiring.add(e)
            let slotF = wiring.add(f)
            let slotG = wiring.add(g)
            let slotH = wiring.add(h)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take(), slotE.take(), slotF.take(), slotG.take(), slotH.take()) }
        }
    }

    /// Combines nine sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, E, F, G, H, I, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>,
        _ e: CombiningSource<E, Error>,
        _ f: CombiningSource<F, Error>,
        _ g: CombiningSource<G, Error>,
        _ h: CombiningSource<H, Error>,
        _ i: CombiningSource<I, Error>
    ) -> CombiningGenerator<(A, B, C, D, E, F, G, H, I), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            let slotE = wiring.add(e)
            let slotF = wiring.add(f)
            let slotG = wiring.add(g)
            let slotH = wiring.add(h)
            let slotI = wiring.add(i)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take(), slotE.take(), slotF.take(), slotG.take(), slotH.take(), slotI.take()) }
        }
    }

    /// Combines ten sources into tuples, in argument order.
    @inlinable
    static func tuples<A, B, C, D, E, F, G, H, I, J, Error>(
        _ mode: CombiningMode,
        _ a: CombiningSource<A, Error>,
        _ b: CombiningSource<B, Error>,
        _ c: CombiningSource<C, Error>,
        _ d: CombiningSource<D, Error>,
        _ e: CombiningSource<E, Error>,
        _ f: CombiningSource<F, Error>,
        _ g: CombiningSource<G, Error>,
        _ h: CombiningSource<H, Error>,
        _ i: CombiningSource<I, Error>,
        _ j: CombiningSource<J, Error>
    ) -> CombiningGenerator<(A, B, C, D, E, F, G, H, I, J), Error> {
        generator(mode) { wiring in
            let slotA = wiring.add(a)
            let slotB = wiring.add(b)
            let slotC = wiring.add(c)
            let slotD = wiring.add(d)
            let slotE = wiring.add(e)
            let slotF = wiring.add(f)
            let slotG = wiring.add(g)
            let slotH = wiring.add(h)
            let slotI = wiring.add(i)
            let slotJ = wiring.add(j)
            return { (slotA.take(), slotB.take(), slotC.take(), slotD.take(), slotE.take(), slotF.take(), slotG.take(), slotH.take(), slotI.take(), slotJ.take()) }
        }
    }
}
