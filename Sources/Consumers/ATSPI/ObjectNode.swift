import InterlinearAccessibility
import InterlinearCorpus

/// One exported AT-SPI object. Its D-Bus path is derived from the layer's content-derived node id, so a path means
/// the same element across re-layouts, a late screen-reader start and a release, and a path of another chapter
/// simply names no object.
///
/// Paths: `/org/a11y/atspi/accessible/root` (the application, the path every AT-SPI client expects),
/// `…/frame` (the window), `…/John/1` (the chapter), `…/John/1/3` (verse 3), `…/John/1/3/w2` (its second word),
/// `…/John/1/3/v`, `…/John/1/3/note`, `…/John/1/3/t4`, `…/John/1/3/w2/gloss` (label granularity).
enum ObjectNode: Equatable {
    case application
    case frame
    /// The window's status line (role status bar), after the chapter in the frame.
    case statusBar
    /// The status line's last message (role notification): Orca 43 speaks a notification when it is shown.
    case statusMessage
    case document
    case cell(VerseIndex)
    case element(ElementID)

    static let prefix = "/org/a11y/atspi/accessible"
    static let applicationPath = prefix + "/root"
    static let framePath = prefix + "/frame"
    static let statusBarPath = prefix + "/status"
    static let statusMessagePath = prefix + "/status/message"
    /// The longest path a client may name a node by: ours are under 80 bytes (`…/1Thess/5/28/w12/transliteration`),
    /// so a longer one names nothing and is refused before any work proportional to its length.
    static let maxPathBytes = 256

    /// The node a path names in this tree, or nil if none (a malformed path, another chapter, a missing verse).
    /// Whether the element exists is checked by the caller (it may build the verse's container).
    init?(path: String, tree: AccessibilityTree) {
        guard path.utf8.count <= Self.maxPathBytes, path.hasPrefix(Self.prefix + "/") else { return nil }
        let rest = path.dropFirst(Self.prefix.count + 1)
        switch rest {
        case "root": self = .application
        case "frame": self = .frame
        case "status": self = .statusBar
        case "status/message": self = .statusMessage
        default:
            // A node id never contains "/" and a path never contains ".": the mapping is one to one.
            guard !rest.utf8.contains(UInt8(ascii: ".")) else { return nil }
            let node: ObjectNode
            switch tree.target(parsing: rest, separator: "/") {
            case .chapter?: node = .document
            case .cell(let cell)?: node = .cell(cell)
            case .element(let id)?: node = .element(id)
            case nil: return nil
            }
            // The node-id parser forgives spellings (`john/1/3`, `w02`); a path is documented as one to one, so
            // only the node's own spelling names it.
            guard node.path(in: tree) == path else { return nil }
            self = node
        }
    }

    /// The node's object path.
    func path(in tree: AccessibilityTree) -> String {
        switch self {
        case .application: Self.applicationPath
        case .frame: Self.framePath
        case .statusBar: Self.statusBarPath
        case .statusMessage: Self.statusMessagePath
        case .document: Self.path(nodeID: tree.rootNodeID)
        case .cell(let cell): Self.path(nodeID: tree.nodeID(ofCell: cell))
        case .element(let id): Self.path(nodeID: tree.nodeID(of: id))
        }
    }

    /// `John.1.3.w2` → `/org/a11y/atspi/accessible/John/1/3/w2`. Node ids are letters, digits and dots; anything
    /// else (never produced by the layer) is replaced by "_" so the path stays valid.
    static func path(nodeID: String) -> String {
        var path = prefix
        path.reserveCapacity(prefix.count + 1 + nodeID.utf8.count)
        path.append("/")
        for scalar in nodeID.unicodeScalars {
            switch scalar {
            case ".": path.append("/")
            case "a"..."z", "A"..."Z", "0"..."9", "_": path.unicodeScalars.append(scalar)
            default: path.append("_")
            }
        }
        return path
    }
}
