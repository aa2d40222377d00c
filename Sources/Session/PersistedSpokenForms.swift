import InterlinearAccessibility
import InterlinearCorpus

/// One accessibility tree's spoken forms kept across processes (`SpokenFormsFile`): taken from the chapter's file
/// in the cache folder when the tree is made, written back when the tree computed forms the file lacked.
final class PersistedSpokenForms {
    private let forms: SpokenForms
    private let chapter: Chapter
    private let folder: CacheFolder
    private let name: String
    private let key: UInt64

    /// Nil when the cache folder cannot be used or the program file cannot be looked at. A file that is missing,
    /// damaged or written under another key gives nothing: every form is computed, and the file written again.
    init?(_ forms: SpokenForms, of chapter: Chapter, folder path: String) {
        guard let folder = CacheFolder.open(path), let key = SpokenFormsFile.programKey(language: chapter.language.tag)
        else { return nil }
        self.forms = forms
        self.chapter = chapter
        self.folder = folder
        self.key = key
        name = SpokenFormsFile.fileName(osisID: chapter.reference.osisID)
        guard let bytes = folder.read(name, limit: SpokenFormsFile.maxSize),
            let file = SpokenFormsFile.parse(bytes, key: key, kinds: SpokenForms.kindCount)
        else { return }
        for record in file.records {
            guard let id = chapter.strings.id(of: record.text) else { continue }
            forms.take(kind: Int(record.kind), id, record.form, in: chapter)
        }
    }

    /// Writes every form the tree holds, when it computed any since it was made or last saved.
    func save() {
        guard forms.computed > saved else { return }
        saved = forms.computed
        var file = SpokenFormsFile.Builder()
        let strings = chapter.strings
        forms.forEachKept { kind, id, form in
            strings.withUTF8(of: id) { file.add(kind: UInt8(kind), text: $0, form: form) }
        }
        folder.write(name, file.bytes(key: key))
    }

    private var saved = 0
}
