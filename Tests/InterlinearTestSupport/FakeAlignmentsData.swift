import Foundation
import InterlinearCorpus

/// A miniature bible-alignments data folder, in the package's own layout and line endings.
public struct FakeAlignmentsData {
    public let root: URL

    public init(sourceRows: [String]? = nil, targetRows: [String]? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("ba-\(UUID().uuidString)")
        let source =
            ["id\taltId\ttext\tstrongs\tgloss\tgloss2\tlemma\tpos\tmorph"]
            + (sourceRows ?? [
                "n43001001001\tἘν-1\tἘν\tG1722\tIn [the]\tin\tἐν\tprep\tPREP",
                "n43001001002\tἀρχῇ-1\tἀρχῇ\tG0746\tbeginning\tbeginning\tἀρχή\tnoun\tN-DSF",
                "n43001001003\tτὸν-1\tτὸν\tG3588\t-\t\tὁ\tdet\tT-ASM",
                "n43001002001\tοὗτος-1\tοὗτος\tG3778\tHe\the\tοὗτος\tpron\tD-NSM",
            ])
        let target =
            ["id\tsource_verse\ttext\tskip_space_after\texclude\tid_range_end\tsource_verse_range_end"]
            + (targetRows ?? [
                "43001001001\t43001001\tIn\t\t\t\t", "43001001002\t43001001\tthe\t\t\t\t",
                "43001001003\t43001001\tbeginning\ty\t\t\t", "43001001004\t43001001\t,\t\ty\t\t",
                "43001001005\t43001001\t“\ty\t\t\t", "43001001006\t43001001\tWord\ty\t\t\t",
                "43001001007\t43001001\t.”\t\ty\t\t",
                "43001002001\t43001002\tHe\t\t\t\t",
            ])
        let json =
            #"{"records": [{"source": ["n43001001001"], "target": ["43001001001"]}, "#
            + #"{"source": ["n43001001002"], "target": ["43001001002", "43001001003", "43001001004"]}, "#
            + #"{"source": ["n43001002001"], "target": ["43001002001", "43001001006"]}]}"#
        try write(source, "sources/SBLGNT.tsv")
        try write(target, "eng/targets/BSB/nt_BSB.tsv")
        try AtomicFile.write(
            Data(json.utf8), to: root.appendingPathComponent("eng/alignments/BSB/SBLGNT-BSB-manual.json"),
            createDirectories: true)
    }

    private func write(_ lines: [String], _ path: String) throws {
        try AtomicFile.write(
            Data((lines.joined(separator: "\r\n") + "\r\n").utf8), to: root.appendingPathComponent(path),
            createDirectories: true)
    }

    public func remove() { try? FileManager.default.removeItem(at: root) }
}
