import InterlinearAccessibility
import InterlinearCorpus

extension AtspiAdapter {
    /// The words are described at another verbosity (the window's `v`): `accessible-name` and
    /// `accessible-description` changes on the built elements that describe a word, so a client's cache (libatspi
    /// keeps the names and descriptions it has read) follows. A word in its own script has its English description
    /// as its name (`utterance(of:)`). Orca 43 speaks such a change on the focused element, so the listener hears
    /// the focused word at its new level before the window's announcement of the level.
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
