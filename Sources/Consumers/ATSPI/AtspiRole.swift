import InterlinearAccessibility

/// AT-SPI role numbers (`AtspiRole` in at-spi2-core's `atspi-constants.h`; the numbers are the wire format).
enum AtspiRole: UInt32 {
    case frame = 23
    case listItem = 32
    case statusBar = 54
    case panel = 39
    case pushButton = 43
    case paragraph = 73
    case application = 75
    case documentFrame = 82
    case heading = 83
    case notification = 101
    case staticText = 116

    /// The role of an element of the accessibility layer: the ONE place that maps our roles to AT-SPI's.
    init(_ role: Role) {
        switch role {
        case .document: self = .documentFrame  // GTK 4 and Chromium map a document to DOCUMENT_FRAME
        case .group: self = .panel  // a verse or its whole translation; GTK 4 and Chromium: PANEL
        case .heading: self = .heading  // the verse number
        // A source word block (ARIA `term`): one item of its verse's list of words. Orca 43 says a list item's
        // name and its place, "3 of 17", counted among the verse's words (the verse names them with
        // NODE_PARENT_OF), and no role word; STATIC made it say "static" after every word.
        case .word: self = .listItem
        case .staticText: self = .staticText  // a label or a translation word
        case .button: self = .pushButton  // the note marker
        }
    }

    /// The non-localized role name (`GetRoleName`), as at-spi2-core spells it.
    var name: String {
        switch self {
        case .frame: "frame"
        case .listItem: "list item"
        case .statusBar: "status bar"
        case .notification: "notification"
        case .panel: "panel"
        case .pushButton: "push button"
        case .paragraph: "paragraph"
        case .application: "application"
        case .documentFrame: "document frame"
        case .heading: "heading"
        case .staticText: "static"
        }
    }
}

/// AT-SPI relation types (`AtspiRelationType`) we send.
enum AtspiRelation: UInt32 {
    /// The items a node is the functional parent of (Orca counts "3 of 17" among them).
    case nodeParentOf = 8
    /// The next object in reading order (Orca's say all follows it).
    case flowsTo = 10
    case flowsFrom = 11
}

/// AT-SPI states (`AtspiStateType`); GetState sends them as a 64-bit set in two 32-bit words.
enum AtspiState: UInt32 {
    case active = 1
    case enabled = 8
    case focusable = 11
    case focused = 12
    case horizontal = 14
    case multiLine = 17
    case resizable = 21
    case sensitive = 24
    case showing = 25
    case singleLine = 26
    case vertical = 29
    case visible = 30
    case readOnly = 43
}

/// A set of AT-SPI states.
struct AtspiStateSet {
    private(set) var bits: UInt64 = 0

    mutating func insert(_ state: AtspiState) { bits |= 1 << UInt64(state.rawValue) }

    func contains(_ state: AtspiState) -> Bool { bits & (1 << UInt64(state.rawValue)) != 0 }

    /// The wire form: `au` of two words, low 32 states first.
    var words: (UInt32, UInt32) { (UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)) }
}
