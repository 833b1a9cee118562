/// Names objects `Type#n` (per type, in first-seen order) for the trace and leak reports.
///
/// Holds objects weakly; the same object keeps its name for as long as it lives.
final class ObjectNames {
    private struct Entry {
        weak var object: AnyObject?
        let name: String
    }

    private var entries: [Entry] = []
    private var counters: [String: Int] = [:]

    /// The object's name, given now if it has none.
    func name(of object: AnyObject) -> String {
        if let entry = entries.first(where: { $0.object === object }) { return entry.name }
        let typeName = String(describing: type(of: object))
        let number = counters[typeName, default: 0] + 1
        counters[typeName] = number
        let name = "\(typeName)#\(number)"
        if entries.count >= 256 { entries.removeAll { $0.object == nil } }
        entries.append(Entry(object: object, name: name))
        return name
    }
}
