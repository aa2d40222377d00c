/// Whether text holds Greek script, as issue 13 defines it: the Greek and Coptic block (U+0370–03FF) and Greek
/// Extended (U+1F00–1FFF). What a voice set to English spells out as code points.
public func containsGreek(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) }
}

/// Whether text holds Hebrew script: the Hebrew block (U+0590–05FF) and the presentation forms (U+FB1D–FB4F).
public func containsHebrew(_ text: String) -> Bool {
    text.unicodeScalars.contains { (0x0590...0x05FF).contains($0.value) || (0xFB1D...0xFB4F).contains($0.value) }
}
