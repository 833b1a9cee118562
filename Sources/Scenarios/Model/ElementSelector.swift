/// Which on-screen element a command means: by its label (full match), its accessibility id,
/// or both, and which of several matches (`index` from 0; negative counts from the last).
///
/// Written as text (`tapOn: Done`) or a map (`tapOn: {id: description}`,
/// `tapOn: {text: Delete, index: -1}`), as Maestro writes it.
public struct ElementSelector: Hashable, Sendable, CustomStringConvertible {
    /// The label to match in full, if any.
    public let text: String?
    /// The accessibility identifier to match, if any.
    public let id: String?
    /// Which match, when several do; nil means the first.
    public let index: Int?

    /// A selector; at least one of `text` and `id` must be given.
    public init(text: String? = nil, id: String? = nil, index: Int? = nil) {
        precondition(text != nil || id != nil, "an element selector needs a text or an id")
        self.text = text
        self.id = id
        self.index = index
    }

    public var description: String {
        var parts: [String] = []
        if let text { parts.append("“\(text)”") }
        if let id { parts.append("id “\(id)”") }
        if let index { parts.append("index \(index)") }
        return parts.joined(separator: ", ")
    }
}
