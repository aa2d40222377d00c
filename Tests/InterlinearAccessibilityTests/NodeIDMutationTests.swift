import InterlinearAccessibility
import InterlinearTestSupport
import Testing

/// Random mutation of node ids, the text `a11y --from` and a screen reader's request (an AT-SPI object path, whose
/// parts hold only letters, digits and "_", so no sign) hand the parser: every real id of Romans 8, damaged the ways
/// such text gets damaged (numbers replaced by extreme or signed ones, parts dropped, doubled or emptied, bytes
/// flipped). Whatever comes in, parsing returns nil or a target, and a parsed element either exists or is reported
/// absent; a trap would end the test process. Seeded, so a failure repeats.
@Suite struct NodeIDMutationTests {
    static let numbers = [
        "0", "-1", "1", "65535", "65536", "65537", "\(Int.max)", "\(Int.min)", "99999999999999999999",
        "+1", "01", "",
    ]

    @Test(arguments: Granularity.allCases)
    func mutatedIDsParseWithoutTrapping(granularity: Granularity) throws {
        let tree = try A11yFixture.tree("Romans 8", granularity: granularity, notes: [28])
        let ids = A11yFixture.allElements(tree).map { tree.nodeID(of: $0) }
        var random = SplitMix64(seed: granularity == .word ? 0x0B1E_C7 : 0x1ABE_1)
        var parsed = 0, existing = 0
        for _ in 0..<5_000 {
            var parts = ids.randomElement(using: &random)!.split(separator: ".", omittingEmptySubsequences: false)
                .map(String.init)
            for _ in 0..<Int.random(in: 1...3, using: &random) { Self.mutate(&parts, &random) }
            let text = parts.joined(separator: ".")
            guard let target = tree.target(parsing: text) else { continue }
            parsed += 1
            if case .element(let id) = target, tree.element(id) != nil {
                existing += 1
                // An element that exists has one id, and it parses back to the same element.
                #expect(tree.target(parsing: tree.nodeID(of: id)) == target, "\(text)")
            }
        }
        // Some mutants stay valid (a number replaced by another verse's), so both outcomes are exercised.
        #expect(parsed > 0 && existing > 0 && parsed < 5_000)
    }

    static func mutate(_ parts: inout [String], _ random: inout SplitMix64) {
        guard !parts.isEmpty else { parts = ["Rom"]; return }
        let at = Int.random(in: 0..<parts.count, using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0: parts[at] = numbers.randomElement(using: &random)!
        case 1:  // Keep a part's letter prefix ("w", "t"), replace its number.
            parts[at] = String(parts[at].prefix { $0.isLetter }) + numbers.randomElement(using: &random)!
        case 2: parts.remove(at: at)
        case 3: parts.insert(parts[at], at: at)
        case 4: parts[at] = ""
        default:
            var bytes = Array(parts[at].utf8)
            if bytes.isEmpty { bytes = [0x2E] }
            bytes[Int.random(in: 0..<bytes.count, using: &random)] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            parts[at] = String(decoding: bytes, as: UTF8.self)
        }
    }
}
