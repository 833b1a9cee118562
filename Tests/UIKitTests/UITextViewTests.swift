import Foundation
import Testing
@testable import UIKit

/// `UITextView` as Apple documents it: a tap on an editable one gives it the keyboard through
/// its delegate, typed text is asked for and then reported, a read-only one takes no keyboard.
/// (The only in-process test that moves the first responder, so it cannot race another.)
@Suite(.serialized) struct UITextViewTests {
    final class Recorder: NSObject, UITextViewDelegate, @unchecked Sendable {
        var calls: [String] = []
        var allowsChange = true
        func textViewShouldBeginEditing(_ textView: UITextView) -> Bool { calls.append("shouldBegin"); return true }
        func textViewDidBeginEditing(_ textView: UITextView) { calls.append("didBegin") }
        func textViewShouldEndEditing(_ textView: UITextView) -> Bool { calls.append("shouldEnd"); return true }
        func textViewDidEndEditing(_ textView: UITextView) { calls.append("didEnd") }
        func textView(_ textView: UITextView, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
            calls.append("shouldChange \(range.location) \(text)")
            return allowsChange
        }
        func textViewDidChange(_ textView: UITextView) { calls.append("didChange \(textView.text ?? "")") }
    }

    /// The delete key (`UIKeyInput.deleteBackward()`): the delegate is asked to change the last
    /// character's range to "", one composed character goes, and a refused change keeps it.
    @Test func theDeleteKeyAsksTheDelegateAndRemovesOneCharacter() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        let recorder = Recorder()
        textView.delegate = recorder
        textView.text = "Café 🇪🇸"
        textView.deleteBackward()
        #expect(textView.text == "Café ", "a flag is one character")
        #expect(recorder.calls == ["shouldChange 5 ", "didChange Café "], "\(recorder.calls)")
        recorder.allowsChange = false
        textView.deleteBackward()
        #expect(textView.text == "Café ")
        textView.text = ""
        #expect(!textView.hasText)
        textView.deleteBackward()
        #expect(textView.text == "")
    }

    @Test func typingGoesThroughTheDelegateAndPostsItsNotification() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        let recorder = Recorder()
        textView.delegate = recorder
        let posted = Recorder()
        let observer = NotificationCenter.default.addObserver(forName: UITextView.textDidChangeNotification, object: textView,
                                                              queue: nil) { [posted] _ in posted.calls.append("changed") }
        defer { NotificationCenter.default.removeObserver(observer) }

        #expect(textView.performTap())
        #expect(textView.isFirstResponder)
        textView.insert("Dune")
        recorder.allowsChange = false
        textView.insert(" sea")
        #expect(textView.text == "Dune", "a change the delegate refuses leaves the text")
        #expect(textView.accessibilityValue == "Dune")
        #expect(textView.elementKind == "textView")
        #expect(textView.resignFirstResponder())
        #expect(recorder.calls == ["shouldBegin", "didBegin", "shouldChange 0 Dune", "didChange Dune", "shouldChange 4  sea",
                                   "shouldEnd", "didEnd"])
        #expect(posted.calls == ["changed"])
    }

    @Test func aReadOnlyTextViewTakesNoKeyboard() {
        let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 300, height: 120))
        textView.isEditable = false
        #expect(!textView.isTappable)
        #expect(!textView.becomeFirstResponder())
        #expect(!textView.isFirstResponder)
    }
}
