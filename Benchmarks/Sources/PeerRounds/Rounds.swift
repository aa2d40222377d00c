import Dispatch
import Foundation

/// Wall-clock nanoseconds of `body` (CLOCK_MONOTONIC through Dispatch).
@inline(never)
func nanoseconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start)
}

/// A figure over rounds: its median and its range. A ratio is taken within each round (both sides ran back to back
/// in this process, under the same machine load), and only then summarized: never a median divided by a median.
struct Spread {
    let values: [Double]

    init(_ values: [Double]) { self.values = values.sorted() }

    var median: Double {
        guard !values.isEmpty else { return .nan }
        let mid = values.count / 2
        return values.count % 2 == 1 ? values[mid] : (values[mid - 1] + values[mid]) / 2
    }
    var min: Double { values.first ?? .nan }
    var max: Double { values.last ?? .nan }
    /// The quartiles (nearest rank): half the rounds lie between them.
    var lowerQuartile: Double { values.isEmpty ? .nan : values[(values.count - 1) / 4] }
    var upperQuartile: Double { values.isEmpty ? .nan : values[(3 * (values.count - 1) + 3) / 4] }

    /// "1.07× (1.01–1.12; 0.98–1.21)": the median, then the middle half of the rounds, then all of them.
    func ratio(_ digits: Int = 2) -> String {
        "\(format(median, digits))× (\(format(lowerQuartile, digits))–\(format(upperQuartile, digits)); "
            + "\(format(min, digits))–\(format(max, digits)))"
    }

    /// "4.31 ms (3.9–5.2)": the median and the range.
    func milliseconds(_ digits: Int = 2) -> String {
        "\(format(median / 1e6, digits)) ms (\(format(min / 1e6, digits))–\(format(max / 1e6, digits)))"
    }
}

/// Per-round ratios of two measured series of the same rounds.
func ratios(_ a: [Double], over b: [Double]) -> Spread { Spread(zip(a, b).map { $0 / $1 }) }

/// A number with a fixed count of decimals.
func format(_ value: Double, _ digits: Int) -> String {
    value.isFinite ? String(format: "%.\(digits)f", value) : "n/a"
}

/// "12,345,678".
func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var out = ""
    for (i, c) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(c)
    }
    return (value < 0 ? "-" : "") + out
}
