import Core
import Platform

/// The driver: what a user does (tap, type, swipe, go back), for tests and the scenario runner.
///
/// Each step runs as a main-queue item (`tap “Done”` in the trace), then the world settles.
extension AppHost {
    /// The elements on screen now.
    public var visibleElements: [Element] { process?.visibleElements ?? [] }

    /// The top screen's name and title, or the prompt's.
    public var visibleScreenName: String { process?.visibleScreenName ?? "no screen" }

    /// The topmost presented screen and its style (`actionSheet`, `pageSheet` ...), or nil.
    public var presented: (screen: Screen, style: String)? {
        guard let last = process?.window.presentations.last else { return nil }
        return (last.screen, last.styleName)
    }

    /// The presented style name as `assertPresented` reads it, `none` when nothing is presented.
    public var presentedStyle: String { presented?.style ?? "none" }

    /// The screen on top (presented, or the current navigation stack's top).
    public var topScreen: Screen? { process?.window.topScreen }

    /// The title of the permission prompt that is up, if any.
    public var promptTitle: String? { process?.prompt?.title }

    /// Taps the `index`-th element (negative counts from the last) whose label or identifier is `text`.
    public func tap(_ text: String, index: Int = 0) throws(RuntimeError) {
        try tap(where: { $0.label == text || $0.identifier == text }, describedAs: "“\(text)”", index: index)
    }

    /// Taps the `index`-th element (negative counts from the last) that `matches`; `query` names
    /// the match in a failure (`“Done”`, `id “description”`).
    public func tap(where matches: (Element) -> Bool, describedAs query: String, index: Int = 0) throws(RuntimeError) {
        let process = try activeProcess()
        let element = try find(matches, query: query, index: index, in: process)
        let action = element.onTap ?? (element.kind == .textField ? {} : nil)
        guard element.isEnabled, let action else {
            throw .elementCannotAct(element: element.summary, action: element.isEnabled ? "be tapped" : "be tapped: it is disabled")
        }
        if let top = process.window.topScreen, process.prompt == nil {
            let key = WindowState.key(of: element)
            if element.kind == .cell { process.window.selections[ObjectIdentifier(top)] = key }
            if element.kind == .textField { process.window.focus = (ObjectIdentifier(top), key) }
        }
        process.enqueueOnMain("tap “\(element.label)”", action)
        try settle()
    }

    /// The keyboard goes away (Maestro's `hideKeyboard`): the focused text field of the screen on
    /// top ends editing; with none focused nothing happens, as on a device.
    public func hideKeyboard() throws(RuntimeError) {
        let process = try activeProcess()
        if let top = process.window.topScreen { process.endEditing(in: top) }
        try settle()
    }

    /// Types `text` at the end of the focused text field.
    public func inputText(_ text: String) throws(RuntimeError) {
        let process = try activeProcess()
        guard let element = process.visibleElements.first(where: \.isFocused) else {
            throw .noFocusedTextField(screen: process.visibleScreenName)
        }
        guard let change = element.onTextChange else { throw .elementCannotAct(element: element.summary, action: "take text") }
        let text = (element.value ?? "") + text
        process.enqueueOnMain("input “\(text)”") { try change(text) }
        try settle()
    }

    /// The navigation bar's back button, or the presented screen's cancel (picker Cancel, a
    /// compose sheet's Cancel, an alert's cancel action), or a plain dismiss.
    public func back() throws(RuntimeError) {
        let process = try activeProcess()
        if let presented = process.window.presentations.last?.screen {
            if presented is ImagePickerController || presented is PhotoPickerController { return try cancelPicker() }
            if presented is ComposeViewController { return try completeCompose(.cancelled) }
            if let alert = presented as? AlertScreen, alert.actions.contains(where: { $0.style == .cancel }) {
                return try tap("cancel")
            }
            process.enqueueOnMain("back") { try presented.dismiss(animated: true) }
            return try settle()
        }
        guard process.visibleElements.contains(where: { $0.identifier == "back" }) else {
            throw .nothingToGoBack(screen: process.visibleScreenName)
        }
        try tap("back")
    }

    /// Swipes a row left to reveal its Delete button (then `tap("Delete")`).
    public func swipe(from text: String, index: Int = 0) throws(RuntimeError) {
        try swipe(where: { $0.label == text || $0.identifier == text }, describedAs: "“\(text)”", index: index)
    }

    /// Swipes the `index`-th row that `matches` left to reveal its Delete button.
    public func swipe(where matches: (Element) -> Bool, describedAs query: String, index: Int = 0) throws(RuntimeError) {
        let process = try activeProcess()
        let element = try find(matches, query: query, index: index, in: process)
        guard element.onDelete != nil, let top = process.window.topScreen else {
            throw .elementCannotAct(element: element.summary, action: "be swiped to delete")
        }
        process.window.revealedDelete = (ObjectIdentifier(top), WindowState.key(of: element))
        process.trace.record(.swipedLeft(label: element.label))
    }

    /// Removes the last `count` characters of the focused text field (all when it has fewer).
    public func eraseText(characters count: Int) throws(RuntimeError) {
        let process = try activeProcess()
        guard let element = process.visibleElements.first(where: \.isFocused) else {
            throw .noFocusedTextField(screen: process.visibleScreenName)
        }
        guard let change = element.onTextChange else { throw .elementCannotAct(element: element.summary, action: "take text") }
        let text = String((element.value ?? "").dropLast(max(count, 0)))
        process.enqueueOnMain("erase to “\(text)”") { try change(text) }
        try settle()
    }

    private func find(_ isMatch: (Element) -> Bool, query: String, index: Int,
                      in process: AppProcess) throws(RuntimeError) -> Element {
        let elements = process.visibleElements
        let matches = elements.filter(isMatch)
        let position = index < 0 ? matches.count + index : index
        guard matches.indices.contains(position) else {
            throw .noSuchElement(query: query + (index == 0 ? "" : " (index \(index))"),
                                 screen: process.visibleScreenName, onScreen: elements.map(\.summary))
        }
        return matches[position]
    }
}
