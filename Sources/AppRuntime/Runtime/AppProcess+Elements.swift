import DeviceStore
import Platform

/// What the user sees: the elements of the top screen (or the system prompt), decorated with
/// the window's selection, focus and revealed Delete buttons.
extension AppProcess {
    /// The name of what is on top: the prompt's title, or the top screen's name.
    var visibleScreenName: String {
        if let prompt { return "the alert “\(prompt.title)”" }
        guard let top = window.topScreen else { return "no screen" }
        let title = top.title
        return window.name(of: top) + (title.isEmpty ? "" : " “\(title)”")
    }

    /// The elements the user can see and touch now.
    var visibleElements: [Element] {
        if let prompt { return promptElements(prompt) }
        guard let top = window.topScreen else { return [] }
        var shown = decorated(top.elements, of: top)
        if window.presentations.isEmpty { shown += navigationElements() }
        return shown
    }

    private func decorated(_ elements: [Element], of screen: Screen) -> [Element] {
        let id = ObjectIdentifier(screen)
        var shown: [Element] = []
        for var element in elements {
            let key = WindowState.key(of: element)
            element.isSelected = window.selections[id] == key
            element.isFocused = window.focus?.screen == id && window.focus?.key == key
            shown.append(element)
            if let onDelete = element.onDelete, window.revealedDelete?.screen == id, window.revealedDelete?.key == key {
                shown.append(Element(kind: .button, label: "Delete", identifier: "delete") { [weak self] in
                    self?.window.revealedDelete = nil
                    try onDelete()
                })
            }
        }
        return shown
    }

    /// The navigation bar's back button (titled as the screen below, as UIKit does) and its
    /// title (a static text to accessibility, as UINavigationBar's title is), then the tab bar
    /// items.
    private func navigationElements() -> [Element] {
        var shown: [Element] = []
        if let stack = window.currentStack, stack.count > 1 {
            let below = stack[stack.count - 2]
            let top = stack[stack.count - 1]
            shown.append(Element(kind: .navigationButton, label: below.title.isEmpty ? "Back" : below.title,
                                 identifier: "back") { try top.popScreen() })
        }
        if let top = window.currentStack?.last, !top.title.isEmpty {
            shown.append(Element(kind: .label, label: top.title))
        }
        if window.tabs.count > 1 {
            for (index, tab) in window.tabs.enumerated() {
                var item = Element(kind: .tab, label: tab.title) { [weak self] in try self?.selectTab(index) }
                item.isSelected = index == window.selectedTab
                shown.append(item)
            }
        }
        return shown
    }

    private func selectTab(_ index: Int) throws {
        guard index != window.selectedTab else { return }
        let previous = window.currentStack?.last
        window.selectedTab = index
        trace.record(.tabSelected(title: window.tabs[index].title))
        if let top = window.currentStack?.last { try appear(top) }
        try previous?.viewDidDisappear()
    }

    private func promptElements(_ prompt: SystemPrompt) -> [Element] {
        var shown = [Element(kind: .label, label: prompt.title), Element(kind: .label, label: prompt.message)]
        for button in prompt.buttons {
            shown.append(Element(kind: .button, label: button.label) { [weak self] in
                self?.answerPrompt(button.answer)
            })
        }
        return shown
    }

    private func answerPrompt(_ answer: PrivacyAuthorization) {
        guard let prompt else { return }
        self.prompt = nil
        host.device.privacy[prompt.service] = answer
        trace.record(.promptAnswered(service: prompt.service.rawValue, answer: answer.rawValue))
        for handler in prompt.answerHandlers { handler(answer) }
    }
}
