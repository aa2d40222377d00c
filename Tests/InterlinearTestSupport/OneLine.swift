import Testing

/// The rule for every failure: one line on stderr, `interlinear: error: …`, holding every fragment; the exit
/// `status`; nothing on stdout; never ArgumentParser's "Missing value" for a value that was given.
public func expectOneErrorLine(
    _ result: ProcessResult, status: Int32, _ fragments: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(result.status == status, "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(
        result.stderr.hasPrefix("interlinear: error: ") && result.stderr.filter { $0 == "\n" }.count == 1
            && result.stderr.hasSuffix("\n"), "\(result.stderr)", sourceLocation: sourceLocation)
    #expect(!result.stderr.contains("Missing value"), "\(result.stderr)", sourceLocation: sourceLocation)
    for fragment in fragments {
        #expect(result.stderr.contains(fragment), "\(result.stderr)", sourceLocation: sourceLocation)
    }
}
