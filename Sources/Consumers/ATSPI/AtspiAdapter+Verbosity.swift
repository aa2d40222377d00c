import InterlinearAccessibility
import InterlinearCorpus

extension AtspiAdapter {
    /// The words are described at another verbosity (the window's `v`): `accessible-name` and
    /// `accessible-description` changes on the built elements that describe a word, so a client's cache (libatspi
    /// keeps the names and descriptions it has read) follows. A word in its own script has its English description
    /// as its name (`utterance(of:)`). Orca 43.1 says none of these changes (the level is heard once, from the
    /// window's announcement) and says the word at its new level when focus comes back to it (`orca-hears-v`).
    public func descriptionsChanged() {
        let tree = self.tree
        guard isActive else { return }
        stats.notificationsHandled += 1
        for cell in 0..<tree.cellCount where tree.isBuilt(cell: VerseIndex(cell)) {
            for id in tree.elements(ofCell: VerseIndex(cell)) {
                switch id.kind {
                case .word, .label(_, .source):
                    let said = utterance(of: .element(id))
                    emitObject(.element(id), "PropertyChange", detail: "accessible-name", data: .string(said.name))
                    emitObject(
                        .element(id), "PropertyChange", detail: "accessible-description",
                        data: .string(said.description))
                default: continue
                }
            }
        }
    }
}
