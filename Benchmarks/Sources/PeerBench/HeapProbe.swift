import Foundation

/// Counts heap allocations around a block of work, when it can.
///
/// glibc has no allocation counter, so the count comes from ordo-one's malloc-interposer when that library is
/// preloaded (`LD_PRELOAD=.build/release/libMallocInterposerSwift.so`, which `scripts/bench-peers` does): its C
/// entry points are found with `dlsym`, so the timed runs (not preloaded) neither link nor pay for it. Without it
/// the count is unknown (nil).
struct HeapProbe {
    private typealias Toggle = @convention(c) () -> Void
    private typealias Stats =
        @convention(c) (
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?,
            UnsafeMutablePointer<Int64>?, UnsafeMutablePointer<Int64>?
        ) -> Void
    private let enable: Toggle?
    private let disable: Toggle?
    private let reset: Toggle?
    private let stats: Stats?

    /// The name of the counter in use, for the report.
    var counter: String { stats == nil ? "none" : "malloc-interposer" }

    init() {
        func symbol<T>(_ name: String, as: T.Type) -> T? {
            // RTLD_DEFAULT is the null handle on glibc.
            guard let pointer = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
            return unsafeBitCast(pointer, to: T.self)
        }
        enable = symbol("malloc_interposer_enable", as: Toggle.self)
        disable = symbol("malloc_interposer_disable", as: Toggle.self)
        reset = symbol("malloc_interposer_reset", as: Toggle.self)
        let stats = symbol("malloc_interposer_get_stats", as: Stats.self)
        self.stats = enable != nil && disable != nil && reset != nil ? stats : nil
    }

    /// The number of allocations `body` makes and the bytes it left allocated (nil when no counter is loaded),
    /// and its result.
    func allocations<T>(_ body: () -> T) -> (count: Int?, netBytes: Int?, result: T) {
        guard let stats, let enable, let disable, let reset else { return (nil, nil, body()) }
        reset()
        enable()
        let result = body()
        disable()
        var count: Int64 = 0, bytes: Int64 = 0, small: Int64 = 0, large: Int64 = 0, frees: Int64 = 0, freed: Int64 = 0
        stats(&count, &bytes, &small, &large, &frees, &freed)
        return (Int(count), Int(bytes - freed), result)
    }
}
