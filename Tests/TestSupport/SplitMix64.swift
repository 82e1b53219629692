/// SplitMix64: a small, fast, well-mixed generator of random numbers whose whole state is its
/// seed, so that every generated case (a pipeline, a schedule, a law's input) is a pure function
/// of the seed it prints, and replays from it.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// The seed of case `index` of a run seeded with `seed`; case 0 uses `seed` itself, so
    /// that any case replays alone as case 0 of a run seeded with its own seed.
    public static func caseSeed(_ seed: UInt64, _ index: Int) -> UInt64 {
        guard index > 0 else { return seed }
        var mixer = SplitMix64(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return mixer.next()
    }
}
