import Foundation
import InterlinearCorpus
import InterlinearStore
import InterlinearSword

/// The topics step of `interlinear import`: SWORD's Nave module (Nave's Topical Bible), read by libsword in the
/// reader's child process, into the store the import has just written, as an index from verses to topics
/// (`TopicalIndex`, `StoreTopics`). Without libsword or the module, a one-line warning names the package and the
/// store is left without topics; a damaged module is one line naming it, and the import ends with exit 65.
enum TopicImport {
    /// Reads the module and replaces the store's topics; the number of topics written, nil when none could be read.
    static func run(into store: URL, progress: ProgressBar, reader: SwordReader, damaged: inout Set<String>) throws
        -> Int?
    {
        progress.note("reading SWORD's Nave's Topical Bible")
        let read: (version: String, topics: [TopicalIndex.Topic])
        do {
            read = try TopicalIndex.topics(reader: reader)
        } catch let damage as ModuleDamage {
            if damaged.insert(damage.description).inserted {
                reportError("\(damage.description) (the store is left without topics)")
            }
            return nil
        } catch let error as SwordError {
            reportWarning(
                "no topics (interlinear topics): \(error.description); install \(TopicalIndex.package) (scripts/setup installs it)"
            )
            return nil
        }
        guard !read.topics.isEmpty else { return nil }
        try StoreTopics.write(
            read.topics.map { ($0.name, $0.ranges) },
            source: "SWORD module \(TopicalIndex.module) \(read.version)", to: store)
        return read.topics.count
    }
}
