/// SplitMix64: a small, fast, seeded generator. The same seed gives the same sequence on every
/// machine, so a soak run or a fuzz test that fails can be replayed exactly from its seed.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range`.
    public mutating func double(in range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &self) }

    /// A whole number in `0..<n` (0 when `n` is not positive).
    public mutating func below(_ n: Int) -> Int { n > 0 ? Int(next() % UInt64(n)) : 0 }

    /// A whole number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { double(in: 0...1) < p }

    /// One of `items` (which must not be empty).
    public mutating func pick<T>(_ items: [T]) -> T { items[int(in: 0...(items.count - 1))] }

    /// An index into `weights`, each chosen in proportion to its weight.
    public mutating func weighted(_ weights: [Int]) -> Int {
        let total = weights.reduce(0, +)
        var r = int(in: 0...(total - 1))
        for (i, w) in weights.enumerated() {
            if r < w { return i }
            r -= w
        }
        return weights.count - 1
    }
}
