// Apart from TopicalIndex.swift, so that reading the index is built and fuzzed without the reader's child process.
extension TopicalIndex {
    /// Every topic of the module with at least one verse, and the module's version. Throws `SwordError` without
    /// libsword or the module, `ModuleDamage` when it is damaged.
    public static func topics(reader: SwordReader) throws -> (version: String, topics: [Topic]) {
        let (version, entries) = try reader.lexicon(module)
        return (version, try topics(entries))
    }
}
