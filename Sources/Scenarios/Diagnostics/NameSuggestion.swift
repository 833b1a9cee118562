/// The known name closest to a mistyped one, for "did you mean `tapOn`?".
///
/// Uses the optimal-string-alignment Damerau–Levenshtein distance (a swap of two neighbouring
/// letters costs one), compared without case, and suggests only when the distance is at most
/// two edits, or a third of a longer name's length (at most 3), so `tapp` and `tapon` suggest
/// `tapOn` but `zoom` suggests nothing.
enum NameSuggestion {
    /// The closest of `candidates` to `name`, or nil when none is close; ties go to the first.
    static func nearest(to name: String, in candidates: [String]) -> String? {
        let maximumDistance = max(2, min(3, name.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = self.distance(name.lowercased(), candidate.lowercased())
            if distance <= maximumDistance, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// `" did you mean `x`?"` with a leading `;`, or an empty string.
    static func hint(for name: String, in candidates: [String]) -> String {
        nearest(to: name, in: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// The optimal-string-alignment distance between two strings.
    static func distance(_ left: String, _ right: String) -> Int {
        let a = Array(left), b = Array(right)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previousPrevious[j - 2] + 1)
                }
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}
