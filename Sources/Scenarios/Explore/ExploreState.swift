import Platform
import Simulator

/// One element as exploration sees it, on the app host or in an app process's tree.
struct ExploreElement: Equatable {
    let kind: String
    let label: String
    let identifier: String?
    let value: String?
    let isEnabled: Bool
    /// A tap does something (a control, a cell, a text field to focus).
    let canTap: Bool
    /// A swipe left offers Delete (a table row).
    let canDelete: Bool
    /// The focused text field or view, which typing reaches.
    let takesText: Bool
    /// Its node in an app process's element tree; nil on the app host.
    var nodeID: Int? = nil
}

/// What the generator sees of the app before drawing an event: whether it runs, what is
/// presented, the elements that can be tapped, typed into or deleted, and the library's size.
struct ExploreState {
    let runState: AppRunState
    let elements: [ExploreElement]
    let tappable: [ExploreElement]
    let deletable: [ExploreElement]
    let hasFocusedField: Bool
    let picker: PickerKind?
    /// The camera takes a photo (``AppHost/canTakePhoto``): on top, access granted, no prompt over it.
    let cameraCanShoot: Bool
    let libraryCount: Int
    /// The crash points a kill mid-operation may arm: every one Core marks, sorted (an armed
    /// point stays armed until the app gets there, so one armed before the first save kills it).
    let crashPoints: [String]
    /// The crash points armed and not yet reached.
    let armedCrashPoints: Set<String>
    /// The app runs in its own process, which a kill at its next file write reaches.
    let isProcess: Bool
    /// An app process's whole element tree, which a written selector is looked up in.
    private(set) var tree: ElementNode? = nil
    /// `back` does something: a back button on screen (the app host's `back` element), or a
    /// controller presented in an app process (whose `back` cancels it).
    let canGoBack: Bool

    /// A presented picker, by what answers it.
    enum PickerKind { case library, camera, photoPicker }

    init(host: AppHost) {
        runState = host.state
        let active = host.state == .active
        elements = (active ? host.visibleElements : []).map { element in
            ExploreElement(kind: element.kind.rawValue, label: element.label, identifier: element.identifier, value: element.value,
                           isEnabled: element.isEnabled, canTap: element.onTap != nil || element.kind == .textField,
                           canDelete: element.onDelete != nil, takesText: element.isFocused && element.onTextChange != nil)
        }
        switch host.presented?.screen {
        case let picker as ImagePickerController: self.picker = picker.sourceType == .camera ? .camera : .library
        case is PhotoPickerController: picker = .photoPicker
        default: picker = nil
        }
        cameraCanShoot = host.canTakePhoto
        libraryCount = (try? host.device.mediaLibrary.assets().count) ?? 0
        crashPoints = FaultInjector.crashPointNames
        armedCrashPoints = Set(host.faults.armedCrashPoints.keys)
        isProcess = false
        canGoBack = elements.contains { $0.identifier == "back" }
        (tappable, deletable, hasFocusedField) = Self.partition(elements)
    }

    /// An app in its own process, from its last settled element tree: controls, cells, switches
    /// and text inputs are tapped; rows of a table may be swiped to delete (a row the app does
    /// not let go is refused, and counted as such).
    init(process snapshot: ProcessScenarioSession.ExploreSnapshot) {
        switch snapshot.applicationState {
        case nil: runState = .notRunning
        case "active": runState = .active
        case "background": runState = .background
        default: runState = .inactive
        }
        var flat: [ExploreElement] = []
        func walk(_ node: ElementNode, inTable: Bool) {
            if node.kind != "window" {
                flat.append(ExploreElement(kind: node.kind, label: node.label ?? "", identifier: node.identifier, value: node.value,
                                           isEnabled: node.isEnabled, canTap: Self.tappableKinds.contains(node.kind),
                                           canDelete: inTable && node.kind == "cell" && snapshot.systemAlert == nil,
                                           takesText: node.isFocused && (node.kind == "textField" || node.kind == "textView"),
                                           nodeID: node.id))
            }
            for child in node.children { walk(child, inTable: inTable || node.kind == "table") }
        }
        // What a user can reach: the system's prompt when one is up, else what is presented on
        // top (the window's last child; the presenter's views stay in the window under a sheet),
        // else the whole window.
        if runState == .active, let tree = snapshot.tree {
            if snapshot.systemAlert != nil, let alert = tree.children.last(where: { $0.kind == "alert" }) {
                walk(alert, inTable: false)
            } else if !snapshot.presentations.isEmpty, let top = tree.children.last {
                walk(top, inTable: false)
            } else {
                walk(tree, inTable: false)
            }
        }
        elements = flat
        tree = runState == .active ? snapshot.tree : nil
        let top = snapshot.presentations.last
        switch top?.typeName {
        case "UIImagePickerController": picker = top?.sourceType == 1 ? .camera : .library
        case "PHPickerViewController": picker = .photoPicker
        default: picker = nil
        }
        cameraCanShoot = runState == .active && picker == .camera && snapshot.systemAlert == nil && snapshot.cameraGranted
        libraryCount = snapshot.libraryCount
        crashPoints = FaultInjector.crashPointNames
        armedCrashPoints = snapshot.armedCrashPoints
        isProcess = true
        canGoBack = runState == .active && snapshot.systemAlert == nil && !snapshot.presentations.isEmpty
        (tappable, deletable, hasFocusedField) = Self.partition(elements)
    }

    /// The kinds of an app process's elements that a tap acts on.
    private static let tappableKinds: Set<String> = ["button", "cell", "switch", "textField", "textView"]

    private static func partition(_ elements: [ExploreElement]) -> (tappable: [ExploreElement], deletable: [ExploreElement], focused: Bool) {
        (elements.filter { $0.isEnabled && $0.canTap && isNameable($0) }, elements.filter { $0.canDelete && isNameable($0) },
         elements.contains(where: \.takesText))
    }

    /// An element a selector can name: an accessibility id, or a label that is not empty.
    static func isNameable(_ element: ExploreElement) -> Bool {
        element.identifier != nil || !element.label.isEmpty
    }

    /// Whether `event` can be carried out now.
    func allows(_ event: ExploreEvent) -> Bool {
        let active = runState == .active
        switch event {
        case .tap: return active && picker == nil && !tappable.isEmpty
        case .edit, .erase: return active && picker == nil && hasFocusedField
        case .delete: return active && picker == nil && !deletable.isEmpty
        case .pick: return active && picker == .library && libraryCount > 0
        case .takePhoto: return cameraCanShoot
        case .pickerResults: return active && picker == .photoPicker && libraryCount > 0
        case .cancelPicker: return active && picker != nil
        case .back: return active && (picker != nil || canGoBack)
        case .background, .memoryWarning, .kill, .diskFault: return active
        case .foreground: return runState == .background
        case .relaunch: return !runState.isRunning
        case .killMidOperation: return active && armedCrashPoints.count < crashPoints.count
        case .killAtFileWrite: return active && isProcess
        case .permissions, .addMedia, .clockJump: return true
        case .removeMedia: return libraryCount > 0
        }
    }

    /// The selector that names `element` among those on screen: its label (what a user reads,
    /// and what stays the same when earlier rows are gone), else its id, with the index among
    /// the matches when several match.
    func selector(for element: ExploreElement) -> ElementSelector {
        if let tree, let node = element.nodeID { return Self.selector(naming: node, as: element, in: tree) ?? plainSelector(for: element) }
        return plainSelector(for: element)
    }

    /// In an app process's tree, the selector that Maestro's lookup resolves to `node` itself:
    /// its label's (a regular expression there, matching values and placeholders too, counted in
    /// screen order), else its id's, with the first index that lands on it.
    private static func selector(naming node: Int, as element: ExploreElement, in tree: ElementNode) -> ElementSelector? {
        let keys: [(text: String?, id: String?)] = [(element.label.isEmpty ? nil : element.label, nil), (nil, element.identifier)]
        for (text, id) in keys where text != nil || id != nil {
            let base = ElementSelector(text: text, id: id)
            if base.match(in: tree)?.id == node { return base }
            for index in 0..<32 {
                guard let found = ElementSelector(text: text, id: id, index: index).match(in: tree) else { break }
                if found.id == node { return ElementSelector(text: text, id: id, index: index) }
            }
        }
        return nil
    }

    private func plainSelector(for element: ExploreElement) -> ElementSelector {
        if element.label.isEmpty, let id = element.identifier {
            let matches = elements.filter { $0.identifier == id }
            let index = matches.firstIndex { $0 == element } ?? 0
            return ElementSelector(id: id, index: index == 0 ? nil : index)
        }
        let matches = elements.filter { $0.label == element.label }
        let index = matches.firstIndex { $0 == element } ?? 0
        return ElementSelector(text: element.label, index: index == 0 ? nil : index)
    }

}
