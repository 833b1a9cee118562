import Platform
import Simulator

/// What the generator sees of the app before drawing an event: whether it runs, what is
/// presented, the elements that can be tapped, typed into or deleted, and the library's size.
struct ExploreState {
    let runState: AppRunState
    let elements: [Element]
    let tappable: [Element]
    let deletable: [Element]
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

    /// A presented picker, by what answers it.
    enum PickerKind { case library, camera, photoPicker }

    init(host: AppHost) {
        runState = host.state
        let active = host.state == .active
        elements = active ? host.visibleElements : []
        tappable = elements.filter { $0.isEnabled && ($0.onTap != nil || $0.kind == .textField) && Self.isNameable($0) }
        deletable = elements.filter { $0.onDelete != nil && Self.isNameable($0) }
        hasFocusedField = elements.contains { $0.isFocused && $0.onTextChange != nil }
        switch host.presented?.screen {
        case let picker as ImagePickerController: self.picker = picker.sourceType == .camera ? .camera : .library
        case is PhotoPickerController: picker = .photoPicker
        default: picker = nil
        }
        cameraCanShoot = host.canTakePhoto
        libraryCount = (try? host.device.mediaLibrary.assets().count) ?? 0
        crashPoints = FaultInjector.crashPointNames
        armedCrashPoints = Set(host.faults.armedCrashPoints.keys)
    }

    /// An element a selector can name: an accessibility id, or a label that is not empty.
    static func isNameable(_ element: Element) -> Bool {
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
        case .back: return active && (picker != nil || elements.contains { $0.identifier == "back" })
        case .background, .memoryWarning, .kill, .diskFault: return active
        case .foreground: return runState == .background
        case .relaunch: return !runState.isRunning
        case .killMidOperation: return active && armedCrashPoints.count < crashPoints.count
        case .permissions, .addMedia, .clockJump: return true
        case .removeMedia: return libraryCount > 0
        }
    }

    /// The selector that names `element` among those on screen: its label (what a user reads,
    /// and what stays the same when earlier rows are gone), else its id, with the index among
    /// the matches when several match.
    func selector(for element: Element) -> ElementSelector {
        if element.label.isEmpty, let id = element.identifier {
            let matches = elements.filter { $0.identifier == id }
            let index = matches.firstIndex { Self.same($0, element) } ?? 0
            return ElementSelector(id: id, index: index == 0 ? nil : index)
        }
        let matches = elements.filter { $0.label == element.label }
        let index = matches.firstIndex { Self.same($0, element) } ?? 0
        return ElementSelector(text: element.label, index: index == 0 ? nil : index)
    }

    private static func same(_ first: Element, _ second: Element) -> Bool {
        first.kind == second.kind && first.label == second.label && first.identifier == second.identifier
            && first.value == second.value
    }
}
