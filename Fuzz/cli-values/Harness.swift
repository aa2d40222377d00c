// libFuzzer harness: the command line's value parsers that are more than a number — `--viewport` and `--hit-test`
// (`ValueSyntax`, Sources/Consumers/CLI/ValueSyntax.swift) and `--tiers` (`TierSet.parse`, Sources/Corpus/Tier.swift)
// — compiled into one module with their sources by scripts/fuzz. Arguments come from whoever starts the program.
//
// Whatever the text: no trap; an accepted viewport is finite, at least 1×1 and within `viewportLimit`, and its
// printed form parses back to it; an accepted point is within `pointLimit` and re-parses; an accepted tier list
// holds a block tier and the names of its tiers parse back to the same set.

import Foundation
import InterlinearCorpus

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCommandLineValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let v = ValueSyntax.viewport(text) {
        for n in [v.x, v.y, v.width, v.height] { precondition(n.isFinite, "a viewport number that is not finite") }
        precondition(v.width >= 1 && v.height >= 1, "a viewport smaller than 1x1")
        precondition(
            max(v.width, v.height, abs(v.x), abs(v.y)) <= ValueSyntax.viewportLimit, "a viewport over the limit")
        let again = ValueSyntax.viewport("\(v.width)x\(v.height)+\(v.x)+\(v.y)")
        precondition(
            again.map { [$0.x, $0.y, $0.width, $0.height] } == [v.x, v.y, v.width, v.height], "\(v) does not re-parse")
    }
    if let p = ValueSyntax.point(text) {
        precondition(
            p.x.isFinite && p.y.isFinite && max(abs(p.x), abs(p.y)) <= ValueSyntax.pointLimit, "a point over the limit")
        let again = ValueSyntax.point("\(p.x),\(p.y)")
        precondition(again.map { [$0.x, $0.y] } == [p.x, p.y], "\(p) does not re-parse")
    }
    if case .success(let tiers) = TierSet.parse(text) {
        precondition(!tiers.intersection(TierSet(Tier.blockTiers)).isEmpty, "a tier list without a block tier")
        let names = (Tier.blockTiers + [.translation]).filter(tiers.contains).map(\.name).joined(separator: ",")
        guard case .success(let again) = TierSet.parse(names), again == tiers else {
            preconditionFailure("tiers \(names) do not re-parse")
        }
    }
    return 0
}
