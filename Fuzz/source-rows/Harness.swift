// libFuzzer harness: the importer's source files (`BibleAlignmentsImporter`: the Greek source TSV, the English
// target TSV, the alignment JSON), compiled into one module with the Corpus sources by scripts/fuzz. Downloaded
// data is untrusted like any file: a mirror, a disk or a hand can change it.
//
// The input is the three files, separated by lines holding only `@@@`: source TSV, target TSV, alignment JSON (a
// missing part is written empty). They are written into a scratch data folder in the package's layout and every
// chapter they hold is imported.
//
// Whatever the files: an imported chapter renders to a chapter file the chapter-file parser reads back the same
// (`ChapterFile.renderChecked`); a refusal is a `CorpusError` whose message is one bounded line without control
// characters naming the file. Anything else — a trap, an address-sanitizer report, another error — is a crash.

import Foundation

#if canImport(Glibc)
import Glibc
#endif

private let root: URL = {
    let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
    let url = URL(fileURLWithPath: base).appendingPathComponent("interlinear-fuzz-source-rows-\(getpid())")
    for folder in ["sources", "eng/targets/BSB", "eng/alignments/BSB"] {
        try? FileManager.default.createDirectory(
            at: url.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    atexit { try? FileManager.default.removeItem(atPath: "/dev/shm/interlinear-fuzz-source-rows-\(getpid())") }
    return url
}()

private let paths = ["sources/SBLGNT.tsv", "eng/targets/BSB/nt_BSB.tsv", "eng/alignments/BSB/SBLGNT-BSB-manual.json"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSourceRows(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var parts: [[UInt8]] = [[]]
    var lineStart = 0
    for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x0A {
        let line = bytes[lineStart..<i]
        if Array(line) == Array("@@@".utf8), parts.count < 3 {
            parts.append([])
        } else {
            parts[parts.count - 1] += line
            if i < bytes.count { parts[parts.count - 1].append(0x0A) }
        }
        lineStart = i + 1
    }
    while parts.count < 3 { parts.append([]) }
    for (part, path) in zip(parts, paths) {
        guard FileManager.default.createFile(atPath: root.appendingPathComponent(path).path, contents: Data(part))
        else {
            fatalError("cannot write the scratch source file \(path)")
        }
    }
    do {
        let chapters = try BibleAlignmentsImporter(dataDirectory: root).importChapters(
            nil, strings: StringTableBuilder())
        for chapter in chapters.prefix(8) {
            _ = try ChapterFile.renderChecked(chapter, provenance: BibleAlignmentsImporter.provenance, path: "fuzz")
        }
    } catch let error as CorpusError {
        let message = error.description
        precondition(
            !message.unicodeScalars.contains(where: EscapedText.needsEscape), "control character in: \(message)")
        precondition(message.unicodeScalars.count <= 400, "message of \(message.unicodeScalars.count) scalars")
        precondition(!message.contains("\n"), "two lines")
    } catch {
        fatalError("unexpected error type: \(error)")
    }
    return 0
}
