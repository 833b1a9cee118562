/// A runtime version as `major.minor.patch` numbers, for comparing a runtime with a device
/// type's limits (`17.0` is `17.0.0`; a part that is not a number counts as 0).
struct RuntimeVersion: Equatable {
    let components: [Int]

    init(_ text: String) {
        let parts = text.split(separator: ".").prefix(3).map { Int($0) ?? 0 }
        components = parts + Array(repeating: 0, count: 3 - parts.count)
    }

    /// Whether this version is older than `other`.
    func precedes(_ other: RuntimeVersion) -> Bool { components.lexicographicallyPrecedes(other.components) }
}
