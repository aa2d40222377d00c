// SWORD module files as the reader's child checks them before libsword opens them, and the answers the parent reads
// back from that child. The first byte picks what the rest is:
//   0: a `.conf` file's text (`ModuleConf.sections`, then `check` on each section);
//   1–7: a module's files for one driver (zText, zText4, RawText, RawText4, zLD, RawLD, RawLD4), split at lines of
//        `@@@` in the order `ModuleFiles.layout` lists them (`ModuleFiles.check(driver:files:)`);
//   8+: bytes from the child (`SwordReply.read`), read whole and again in pieces of the second byte's size.
// Checked beyond "no trap, no ASan report": accepted index entries lie in their data (recomputed here from the
// bytes); a refusal names one of the files it was given; a reply reads the same however it is split, within its
// bounds, and a complete answer is never longer than its records.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSwordModule(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let mode = bytes.first else { return 0 }
    let rest = Array(bytes.dropFirst())
    switch mode {
    case 0: conf(rest)
    case 1...7:
        files(rest, driver: ["zText", "zText4", "RawText", "RawText4", "zLD", "RawLD", "RawLD4"][Int(mode) - 1])
    default: reply(rest)
    }
    return 0
}

private func conf(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    for section in ModuleConf.sections(text, file: "fuzz.conf") {
        precondition(!section.name.contains("\n"), "a section name is one line")
        do {
            try section.check()
            let driver = section.value("ModDrv")!
            precondition(
                ModuleFiles.layout(driver: driver) != nil, "an accepted driver is one the files are checked for")
            _ = section.dataPath(root: "/sword")
        } catch let damage as ModuleDamage {
            precondition(damage.module == section.name && damage.file == "fuzz.conf", "a refusal names the .conf")
            precondition(!damage.description.isEmpty)
        } catch {
            preconditionFailure("only ModuleDamage: \(error)")
        }
    }
}

private func files(_ bytes: [UInt8], driver: String) {
    let names = ModuleFiles.layout(driver: driver)!.last!
    var parts: [[UInt8]] = [[]]
    var line: [UInt8] = []
    for byte in bytes {
        if byte == 0x0A {
            if line == Array("@@@".utf8) { parts.append([]) } else { parts[parts.count - 1] += line + [0x0A] }
            line = []
        } else {
            line.append(byte)
        }
    }
    parts[parts.count - 1] += line
    var files: [String: [UInt8]] = [:]
    for (name, part) in zip(names, parts) { files[name] = part }
    do {
        try ModuleFiles.check(driver: driver, files: files)
        // Accepted: every index entry with a size lies in its data, recomputed from the bytes.
        let lower = driver.lowercased()
        let (index, data, width, sizeWidth): (String, String, Int, Int) =
            switch lower {
            case "ztext", "ztext4": (names[0], names[2], 12, 4)
            case "rawtext": (names[0], names[1], 6, 2)
            case "rawtext4": (names[0], names[1], 8, 4)
            case "zld": (names[2], names[3], 8, 4)
            case "rawld": (names[0], names[1], 6, 2)
            default: (names[0], names[1], 8, 4)
            }
        let entries = files[index] ?? [], target = files[data] ?? []
        if entries.isEmpty && (lower == "ztext" || lower == "ztext4") {
            // A testament with no blocks (a commentary on the other one): accepted only if no verse has a size.
            let verses = files[names[1]] ?? [], stride = lower == "ztext4" ? 12 : 10
            for start in Swift.stride(from: 0, to: verses.count, by: stride) {
                precondition(verses[(start + 8)..<(start + stride)].allSatisfy { $0 == 0 }, "no block, no verse")
            }
            return
        }
        precondition(!entries.isEmpty && entries.count % width == 0)
        for start in stride(from: 0, to: entries.count, by: width) {
            var offset = 0, size = 0
            for k in 0..<4 { offset |= Int(entries[start + k]) << (8 * k) }
            for k in 0..<sizeWidth { size |= Int(entries[start + 4 + k]) << (8 * k) }
            precondition(offset + size <= target.count, "an accepted entry lies in its data")
        }
    } catch let problem as ModuleFiles.FileProblem {
        precondition(names.contains(problem.file), "a refusal names a file it was given: \(problem.file)")
        precondition(!problem.problem.isEmpty && !problem.problem.contains("\n"))
    } catch {
        preconditionFailure("only FileProblem: \(error)")
    }
}

private func reply(_ bytes: [UInt8]) {
    func read(_ pieces: [ArraySlice<UInt8>]) -> Result<SwordReply.Answer, SwordReply.Malformed> {
        var answer = SwordReply.Answer()
        var buffer: [UInt8] = []
        for piece in pieces {
            buffer += piece
            do { try SwordReply.read(&buffer, into: &answer) } catch let malformed as SwordReply.Malformed {
                return .failure(malformed)
            } catch { preconditionFailure("only Malformed") }
            precondition(answer.bytes <= SwordReply.maxAnswer)
        }
        return .success(answer)
    }
    let step = max(1, Int(bytes.first ?? 1))
    let whole = read([bytes[...]])
    let pieces = read(stride(from: 0, to: bytes.count, by: step).map { bytes[$0..<min($0 + step, bytes.count)] })
    switch (whole, pieces) {
    case (.success(let a), .success(let b)): precondition(a == b, "the same answer however the bytes arrive")
    case (.failure, .failure): break
    default:
        // A complete answer stops reading: what follows it is never read, in either way of reading.
        preconditionFailure("read whole and in pieces disagree")
    }
    if case .success(let answer) = whole {
        precondition(
            answer.strings.reduce(0) { $0 + $1.utf8.count } <= bytes.count * 3, "no string longer than its record")
    }
}
