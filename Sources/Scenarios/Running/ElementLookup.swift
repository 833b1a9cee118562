import AppChannel

/// Maestro's element lookup over an app process's element tree, rule for rule as Orchestra.kt
/// `buildFilter` composes Filters.kt's filters: every node of the tree (depth first) goes
/// through one filter per key the selector gives, the results are intersected (in the first
/// filter's order), then `index` picks by screen order (top, then left) or, without one, the
/// first is taken.
extension ElementSelector {
    /// The element of `tree` this selector means, nil when there is none.
    func match(in tree: ElementNode) -> ElementNode? {
        ElementLookup(root: tree).find(self, in: tree)
    }

    /// Whether `node` itself is one this selector's text and id mean (its label, value or
    /// placeholder by the text; its identifier by the id).
    func textAndIdMatch(_ node: ElementNode) -> Bool {
        if let id, !Self.maestroIdMatches(id, node.identifier) { return false }
        guard let text else { return true }
        return [node.label, node.value, node.placeholder].contains { Self.maestroMatches(text, $0) }
    }
}

/// One lookup in one tree: the filters of Filters.kt over its nodes.
struct ElementLookup {
    let root: ElementNode

    /// The first node the selector's filters leave among the nodes of `scope` (Maestro's
    /// `findElementWithTimeout`: `filter(hierarchy.aggregate()).firstOrNull()`).
    func find(_ selector: ElementSelector, in scope: ElementNode) -> ElementNode? {
        var scope = scope
        // Orchestra.kt findElement: with `childOf`, the parent is found first and the element
        // is looked for in its subtree.
        for case .childOf(let parent) in selector.relations {
            guard let found = find(parent, in: scope) else { return nil }
            scope = found
        }
        return filter(selector)(scope.flattened).first
    }

    typealias Filter = ([ElementNode]) -> [ElementNode]

    /// Orchestra.kt `buildFilter`: the selector's filters intersected, then `index` (by
    /// Filters.kt `INDEX_COMPARATOR`) or, on iOS where no element says it is clickable, the
    /// order as it stands (`clickableFirst`).
    func filter(_ selector: ElementSelector) -> Filter {
        var filters: [Filter] = []
        if let text = selector.text {
            filters.append(Self.deepestMatching(Self.textMatches(text)))
        }
        if let id = selector.id {
            filters.append(Self.deepestMatching { nodes in nodes.filter { ElementSelector.maestroIdMatches(id, $0.identifier) } })
        }
        if let size = selector.size {
            filters.append { nodes in nodes.filter { $0.frame.count == 4 && size.admits(width: $0.frame[2], height: $0.frame[3]) } }
        }
        for relation in selector.relations {
            switch relation {
            case .below(let other): filters.append(relative(to: other) { $0.top > $1.top })
            case .above(let other): filters.append(relative(to: other) { $0.top < $1.top })
            case .leftOf(let other): filters.append(relative(to: other) { $0.left < $1.left })
            case .rightOf(let other): filters.append(relative(to: other) { $0.left > $1.left })
            case .childOf: break  // the scope of the lookup (find(_:in:))
            case .containsChild(let other):
                // Filters.kt containsChild: one of the node's own children is the element the
                // child selector finds in the whole tree.
                let child = find(other, in: root)
                filters.append { nodes in
                    guard let child else { return [] }
                    return nodes.filter { $0.children.contains { $0.id == child.id } }
                }
            case .containsDescendants(let others):
                let descendantFilters = others.map(filter)
                filters.append { nodes in
                    nodes.filter { node in descendantFilters.allSatisfy { wanted in node.children.contains { Self.holds(wanted, below: $0) } } }
                }
            }
        }
        for trait in selector.traits {
            filters.append { nodes in
                nodes.filter { trait.holds(text: $0.value, width: $0.frame.count == 4 ? $0.frame[2] : nil,
                                           height: $0.frame.count == 4 ? $0.frame[3] : nil) }
            }
        }
        let states = selector.states
        if !states.isEmpty {
            filters.append { nodes in
                nodes.filter { states.admit(enabled: $0.isEnabled, checked: $0.isChecked, selected: $0.isSelected, focused: $0.isFocused) }
            }
        }
        let index = selector.index
        return { nodes in
            let matched = Self.intersect(filters, nodes)
            guard let index else { return matched }
            // Filters.kt index: sorted by the top, then the left edge (a stable sort);
            // PhotoSim also counts a negative index from the last.
            let ordered = matched.enumerated().sorted { a, b in
                (a.element.top, a.element.left, a.offset) < (b.element.top, b.element.left, b.offset)
            }.map(\.element)
            let position = index < 0 ? ordered.count + index : index
            return ordered.indices.contains(position) ? [ordered[position]] : []
        }
    }

    /// Filters.kt `textMatches`: the nodes whose value, placeholder or label the text matches,
    /// in that order of attributes (its `text`, `hintText` and `accessibilityText` sets united).
    static func textMatches(_ text: String) -> Filter {
        { nodes in
            var seen = Set<Int>()
            var matched: [ElementNode] = []
            for attribute in [\ElementNode.value, \ElementNode.placeholder, \ElementNode.label] {
                for node in nodes where ElementSelector.maestroMatches(text, node[keyPath: attribute]) && seen.insert(node.id).inserted {
                    matched.append(node)
                }
            }
            return matched
        }
    }

    /// Filters.kt `deepestMatchingElement`: each match replaced by the last of its children
    /// that match, followed down as long as one does.
    static func deepestMatching(_ filter: @escaping Filter) -> Filter {
        func deepest(_ nodes: [ElementNode]) -> [ElementNode] {
            filter(nodes).map { deepest($0.children).last ?? $0 }
        }
        return deepest
    }

    /// Filters.kt `relativeTo`: the nodes that stand so to any element the other selector
    /// finds, nearest (centre to centre) first.
    private func relative(to other: ElementSelector, _ stands: @escaping (ElementNode, ElementNode) -> Bool) -> Filter {
        let otherFilter = filter(other)
        return { nodes in
            let others = otherFilter(nodes)
            var pairs: [(node: ElementNode, distance: Double, order: Int)] = []
            for node in nodes {
                for candidate in others where stands(node, candidate) {
                    pairs.append((node, node.distance(to: candidate), pairs.count))
                }
            }
            return pairs.sorted { ($0.distance, $0.order) < ($1.distance, $1.order) }.map(\.node)
        }
    }

    /// Filters.kt `containsDescendants`' `matches`: the filter finds `node` alone, or something below it.
    private static func holds(_ filter: Filter, below node: ElementNode) -> Bool {
        !filter([node]).isEmpty || node.children.contains { holds(filter, below: $0) }
    }

    /// Filters.kt `intersect`: with no filter every node; else what every filter leaves, in
    /// the order of the first (each node once).
    private static func intersect(_ filters: [Filter], _ nodes: [ElementNode]) -> [ElementNode] {
        guard let first = filters.first else { return nodes }
        var kept: [ElementNode] = []
        var seen = Set<Int>()
        for node in first(nodes) where seen.insert(node.id).inserted { kept.append(node) }
        for filter in filters.dropFirst() {
            let ids = Set(filter(nodes).map(\.id))
            kept.removeAll { !ids.contains($0.id) }
        }
        return kept
    }
}

extension ElementNode {
    var top: Double { frame.count == 4 ? frame[1] : .greatestFiniteMagnitude }
    var left: Double { frame.count == 4 ? frame[0] : .greatestFiniteMagnitude }

    /// IOSDriver.kt: a switch (or checkbox, toggle) whose value is `1`.
    var isChecked: Bool { kind == "switch" && value == "1" }

    /// The centre of its frame, in window points (Bounds.kt `center`), nil without a frame.
    var center: (x: Double, y: Double)? {
        frame.count == 4 ? (frame[0] + frame[2] / 2, frame[1] + frame[3] / 2) : nil
    }

    /// From centre to centre, in points (UiElement.kt `distanceTo`).
    func distance(to other: ElementNode) -> Double {
        guard let center, let otherCenter = other.center else { return .greatestFiniteMagnitude }
        let (dx, dy) = (center.x - otherCenter.x, center.y - otherCenter.y)
        return (dx * dx + dy * dy).squareRoot()
    }
}

/// Whether an element is on top where Maestro taps it (ViewHierarchy.kt `isVisible`,
/// `getElementAt`; Bounds.kt `center`, `contains`): the deepest, last drawn element under the
/// centre of its frame is that element itself, not one drawn over it.
extension ElementNode {
    /// Whether `node`, an element of this tree or of an earlier one, is what a finger at its
    /// centre touches in this tree.
    func showsOnTop(_ node: ElementNode) -> Bool {
        guard let center = node.center else { return false }
        return element(atX: center.x, y: center.y).map { $0.hasSameContent(as: node) } ?? false
    }

    /// ViewHierarchy.kt `getElementAt`: among the children, the last first, the deepest element
    /// under the point inside one, else the child itself when its frame holds the point (the
    /// frame's far edges excluded).
    func element(atX x: Double, y: Double) -> ElementNode? {
        for child in children.reversed() {
            if !child.children.isEmpty, let inner = child.element(atX: x, y: y) { return inner }
            if child.frame.count == 4, x >= child.frame[0], x < child.frame[0] + child.frame[2],
               y >= child.frame[1], y < child.frame[1] + child.frame[3] {
                return child
            }
        }
        return nil
    }

    /// ViewHierarchy.kt `refreshElement`: the one element of this tree whose attributes but its
    /// frame are `node`'s (its label, value, placeholder, id and states, as Maestro's iOS driver
    /// gives them; not its kind, which it does not), nil when none or several are.
    func refreshed(_ node: ElementNode) -> ElementNode? {
        let matches = flattened.filter {
            $0.label == node.label && $0.value == node.value && $0.placeholder == node.placeholder && $0.identifier == node.identifier
                && $0.isEnabled == node.isEnabled && $0.isFocused == node.isFocused && $0.isSelected == node.isSelected
                && $0.isChecked == node.isChecked
        }
        return matches.count == 1 ? matches[0] : nil
    }

    /// Equal in everything Maestro compares of two elements (their attributes and children),
    /// whatever their positions in the walks of their trees.
    func hasSameContent(as other: ElementNode) -> Bool {
        kind == other.kind && label == other.label && identifier == other.identifier && value == other.value
            && placeholder == other.placeholder && frame == other.frame && isEnabled == other.isEnabled
            && isFocused == other.isFocused && isSelected == other.isSelected && children.count == other.children.count
            && zip(children, other.children).allSatisfy { $0.hasSameContent(as: $1) }
    }
}
