/// AT-SPI's Collection semantics (`org.a11y.atspi.Collection.GetMatches`), apart from the D-Bus wire: a match rule
/// and the canonical walk at-spi2-core's own adaptor performs (`atk-adaptor/adaptors/collection-adaptor.c`),
/// including its quirks, so a screen reader gets from us what it gets from every GTK application:
/// - the collection object itself is never a match; its descendants are visited depth-first in child order, each
///   tested before its children, and `traverse` false stops at its direct children;
/// - `count` 0 means no limit; with a limit the walk stops at `count` matches;
/// - reverse canonical is the canonical result (limit applied from the start) reversed; other sort orders (flow,
///   tab) are not implemented there either and return nothing;
/// - a criterion with an empty list is always met, except "any" of an empty interface list, which is never met;
///   "all" of more than one role is never met (an object has one role); match types other than all, any and none
///   never match; attribute names and values compare without regard to ASCII case, and a value `a:b` (`\:` escapes)
///   means two attributes with that name; `invert` is read but ignored.
///
/// The walk asks its tree for as little as it can: it prunes subtrees that cannot hold a wanted role, and lets the
/// tree answer "the descendants with this role" directly when it can do so from the layout (a verse's heading is
/// its number), so a query builds nothing it does not return.
package struct CollectionRule: Sendable, Equatable {
    package enum MatchType: Int32, Sendable {
        case invalid = 0
        case all = 1
        case any = 2
        case none = 3
        case empty = 4
    }

    package enum SortOrder: UInt32, Sendable {
        case invalid = 0
        case canonical, flow, tab, reverseCanonical, reverseFlow, reverseTab
    }

    /// AT-SPI state numbers (`AtspiStateType`), as a set.
    package var states: Set<UInt32>
    package var stateMatch: MatchType
    /// Attribute (name, value) pairs, values already split at unescaped colons.
    package var attributes: [(name: String, value: String)]
    package var attributeMatch: MatchType
    /// AT-SPI role numbers (`AtspiRole`).
    package var roles: Set<UInt32>
    package var roleMatch: MatchType
    /// Interface names as clients send them (`text`, `action(copy)`, …), compared without regard to case.
    package var interfaces: [String]
    package var interfaceMatch: MatchType
    package var invert: Bool

    package init(
        states: Set<UInt32> = [], stateMatch: MatchType = .all, attributes: [(String, String)] = [],
        attributeMatch: MatchType = .all, roles: Set<UInt32> = [], roleMatch: MatchType = .all,
        interfaces: [String] = [], interfaceMatch: MatchType = .all, invert: Bool = false
    ) {
        self.states = states
        self.stateMatch = stateMatch
        self.attributes = attributes.map { (name: $0.0, value: $0.1) }
        self.attributeMatch = attributeMatch
        self.roles = roles
        self.roleMatch = roleMatch
        self.interfaces = interfaces
        self.interfaceMatch = interfaceMatch
        self.invert = invert
    }

    package static func == (a: CollectionRule, b: CollectionRule) -> Bool {
        a.states == b.states && a.stateMatch == b.stateMatch && a.attributeMatch == b.attributeMatch
            && a.attributes.map(\.name) == b.attributes.map(\.name)
            && a.attributes.map(\.value) == b.attributes.map(\.value)
            && a.roles == b.roles && a.roleMatch == b.roleMatch && a.interfaces == b.interfaces
            && a.interfaceMatch == b.interfaceMatch && a.invert == b.invert
    }

    /// The set bits of a bit array of 32-bit words (how the wire carries states and roles).
    package static func numbers(inBitArray words: [Int32]) -> Set<UInt32> {
        var result = Set<UInt32>()
        for (i, word) in words.enumerated() {
            let bits = UInt32(bitPattern: word)
            for bit in 0..<32 where bits & (1 << UInt32(bit)) != 0 { result.insert(UInt32(i * 32 + bit)) }
        }
        return result
    }

    /// One wire attribute entry as the rule's pairs: `value` split at colons not preceded by a backslash, and
    /// backslashes then removed.
    package static func attributePairs(name: String, value: String) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var current = "", previous: Character?
        for c in value {
            if c == ":" && previous != "\\" {
                pairs.append((name, current.replacingBackslashes()))
                current = ""
            } else {
                current.append(c)
            }
            previous = c
        }
        pairs.append((name, current.replacingBackslashes()))
        return pairs
    }

    /// The roles an object must have one of to match, when the rule says so (all of one role, or any of some);
    /// nil when the role criterion does not restrict (then nothing can be pruned by role).
    var requiredRoles: Set<UInt32>? {
        guard !roles.isEmpty else { return nil }
        switch roleMatch {
        case .all: return roles.count == 1 ? roles : []
        case .any: return roles
        case .none, .invalid, .empty: return roleMatch == .none ? nil : []
        }
    }

    func matchesRole(_ role: UInt32) -> Bool {
        if roles.isEmpty { return roleMatch == .all || roleMatch == .any || roleMatch == .none }
        switch roleMatch {
        case .all: return roles.count == 1 && roles.contains(role)
        case .any: return roles.contains(role)
        case .none: return !roles.contains(role)
        case .invalid, .empty: return false
        }
    }

    func matchesStates(_ has: (UInt32) -> Bool) -> Bool {
        switch stateMatch {
        case .all: return states.allSatisfy(has)
        case .any: return states.isEmpty || states.contains(where: has)
        case .none: return !states.contains(where: has)
        case .invalid, .empty: return false
        }
    }

    func matchesAttributes(_ object: [(String, String)]) -> Bool {
        func present(_ a: (name: String, value: String)) -> Bool {
            object.contains {
                $0.0.lowercasedASCII == a.name.lowercasedASCII && $0.1.lowercasedASCII == a.value.lowercasedASCII
            }
        }
        switch attributeMatch {
        case .all: return attributes.allSatisfy(present)
        case .any: return attributes.isEmpty || attributes.contains(where: present)
        case .none: return !attributes.contains(where: present)
        case .invalid, .empty: return false
        }
    }

    func matchesInterfaces(_ implements: (String) -> Bool) -> Bool {
        switch interfaceMatch {
        case .all: return interfaces.allSatisfy(implements)
        case .any: return interfaces.contains(where: implements)  // an empty list: never (as at-spi2-core)
        case .none: return !interfaces.contains(where: implements)
        case .invalid, .empty: return false
        }
    }
}

/// What the walk needs of a tree. Every answer is the same one the object's own AT-SPI methods give.
package protocol CollectionTree {
    associatedtype Node
    func childCount(of node: Node) -> Int
    func child(of node: Node, at index: Int) -> Node?
    /// The AT-SPI role number.
    func collectionRole(of node: Node) -> UInt32
    func hasState(_ state: UInt32, node: Node) -> Bool
    func collectionAttributes(of node: Node) -> [(String, String)]
    /// Whether the node implements an interface named as clients name it in a rule (`text`, `action(copy)`).
    func implements(_ interface: String, node: Node) -> Bool
    /// The roles any strict descendant of `node` can have; nil when unknown (the walk then descends).
    func descendantRoles(of node: Node) -> Set<UInt32>?
    /// The strict descendants of `node` with role `role`, in canonical order, when the tree can list them without
    /// building the others; nil to have the walk descend.
    func descendants(of node: Node, role: UInt32) -> [Node]?
}

extension CollectionTree {
    /// Whether a node matches the rule; the cheap criteria first (role, then states, attributes, interfaces).
    package func matches(_ node: Node, _ rule: CollectionRule) -> Bool {
        rule.matchesRole(collectionRole(of: node))
            && rule.matchesStates { hasState($0, node: node) }
            // An object's attributes may cost its utterance: asked only when the rule names some.
            && rule.matchesAttributes(rule.attributes.isEmpty ? [] : collectionAttributes(of: node))
            && rule.matchesInterfaces { implements($0, node: node) }
    }

    /// `GetMatches` on `collection`: its matching descendants (children only unless `traverse`), at most `count`
    /// of them (0: all), in the sort order.
    package func matches(
        in collection: Node, rule: CollectionRule, sortOrder: CollectionRule.SortOrder, count: Int,
        traverse: Bool
    ) -> [Node] {
        guard sortOrder == .canonical || sortOrder == .reverseCanonical else { return [] }
        var found: [Node] = []
        collect(under: collection, rule: rule, max: max(0, count), traverse: traverse, into: &found)
        return sortOrder == .reverseCanonical ? found.reversed() : found
    }

    private func full(_ found: [Node], _ max: Int) -> Bool { max != 0 && found.count >= max }

    private func collect(under node: Node, rule: CollectionRule, max: Int, traverse: Bool, into found: inout [Node]) {
        let required = rule.requiredRoles
        var i = 0
        let n = childCount(of: node)
        while i < n, !full(found, max) {
            defer { i += 1 }
            guard let child = child(of: node, at: i) else { continue }
            if matches(child, rule) { found.append(child) }
            guard traverse, !full(found, max) else { continue }
            if let required {
                // Prune what cannot hold a wanted role; list directly what the tree can list.
                if let possible = descendantRoles(of: child), possible.isDisjoint(with: required) { continue }
                if required.count == 1, let role = required.first, let direct = descendants(of: child, role: role) {
                    for candidate in direct where !full(found, max) && matches(candidate, rule) {
                        found.append(candidate)
                    }
                    continue
                }
            }
            collect(under: child, rule: rule, max: max, traverse: true, into: &found)
        }
    }
}

extension String {
    fileprivate func replacingBackslashes() -> String { String(filter { $0 != "\\" }) }

    /// ASCII-only lower case (`g_ascii_strcasecmp`): other letters compare exactly.
    fileprivate var lowercasedASCII: String {
        String(
            String.UnicodeScalarView(
                unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
    }
}
