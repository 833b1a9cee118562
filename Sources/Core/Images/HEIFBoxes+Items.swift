import Foundation

/// Finding a HEIF's items and the properties associated with each (ISO/IEC 23008-12: `pitm`
/// names the primary item, `ipco` holds the properties, `ipma` associates them with items,
/// `iref` links items, such as a grid to its tiles with `dimg`).
extension HEIFBoxes {
    /// The boxes of the `meta` box that describe the items, found once.
    struct ItemBoxes {
        /// The primary item's ID.
        let primary: Int
        /// `ipco`'s properties, which `ipma` numbers from 1.
        let properties: [Box]
        let ipma: Box
        let iref: Box?

        /// `nil` when the structure cannot be followed.
        init?(in bytes: UnsafeRawBufferPointer) {
            guard let top = children(in: bytes, 0..<bytes.count),
                  let meta = top.first(where: { $0.type == "meta" }),
                  let inMeta = children(in: bytes, (meta.payload.lowerBound + 4)..<meta.payload.upperBound),
                  let pitm = inMeta.first(where: { $0.type == "pitm" }),
                  let primary = HEIFBoxes.itemID(in: bytes, fullBox: pitm, at: pitm.payload.lowerBound + 4),
                  let iprp = inMeta.first(where: { $0.type == "iprp" }),
                  let inProperties = children(in: bytes, iprp.payload),
                  let ipco = inProperties.first(where: { $0.type == "ipco" }),
                  let properties = children(in: bytes, ipco.payload),
                  let ipma = inProperties.first(where: { $0.type == "ipma" })
            else { return nil }
            (self.primary, self.properties, self.ipma) = (primary, properties, ipma)
            iref = inMeta.first(where: { $0.type == "iref" })
        }

        /// The properties associated with `item`, in `ipma`'s order; `nil` when `ipma` cannot be read.
        func properties(of item: Int, in bytes: UnsafeRawBufferPointer) -> [Box]? {
            guard let indices = HEIFBoxes.propertyIndices(of: item, in: bytes, ipma: ipma) else { return nil }
            return indices.filter { $0 >= 1 && $0 <= properties.count }.map { properties[$0 - 1] }
        }

        /// The items `item` refers to with a reference of `type` (`dimg`: a grid's tiles, in
        /// order), empty when it has none; `nil` when `iref` cannot be read.
        func references(from item: Int, type: String, in bytes: UnsafeRawBufferPointer) -> [Int]? {
            guard let iref else { return [] }
            let start = iref.payload.lowerBound, end = iref.payload.upperBound
            guard let version = number(in: bytes, at: start, count: 1, end: end),
                  let references = children(in: bytes, (start + 4)..<end) else { return nil }
            let idLength = version == 0 ? 2 : 4
            for reference in references where reference.type == type {
                let offset = reference.payload.lowerBound, end = reference.payload.upperBound
                guard let from = number(in: bytes, at: offset, count: idLength, end: end),
                      let count = number(in: bytes, at: offset + idLength, count: 2, end: end) else { return nil }
                guard from == item else { continue }
                return (0..<count).compactMap {
                    number(in: bytes, at: offset + idLength + 2 + $0 * idLength, count: idLength, end: end)
                }
            }
            return []
        }
    }

    /// The item ID of a `pitm` box: 16 bits in version 0, 32 after.
    static func itemID(in bytes: UnsafeRawBufferPointer, fullBox: Box, at offset: Int) -> Int? {
        guard let version = number(in: bytes, at: fullBox.payload.lowerBound, count: 1, end: fullBox.payload.upperBound)
        else { return nil }
        return number(in: bytes, at: offset, count: version == 0 ? 2 : 4, end: fullBox.payload.upperBound)
    }

    /// The 1-based `ipco` indices `ipma` associates with `item`, in order.
    static func propertyIndices(of item: Int, in bytes: UnsafeRawBufferPointer, ipma: Box) -> [Int]? {
        let end = ipma.payload.upperBound, start = ipma.payload.lowerBound
        guard let version = number(in: bytes, at: start, count: 1, end: end),
              let flags = number(in: bytes, at: start + 1, count: 3, end: end),
              let entryCount = number(in: bytes, at: start + 4, count: 4, end: end) else { return nil }
        let idLength = version < 1 ? 2 : 4, indexLength = flags & 1 == 1 ? 2 : 1
        var offset = start + 8
        for _ in 0..<min(entryCount, end - offset) {
            guard let id = number(in: bytes, at: offset, count: idLength, end: end),
                  let count = number(in: bytes, at: offset + idLength, count: 1, end: end) else { return nil }
            offset += idLength + 1
            var indices: [Int] = []
            for _ in 0..<count {
                guard let association = number(in: bytes, at: offset, count: indexLength, end: end) else { return nil }
                indices.append(association & (indexLength == 2 ? 0x7FFF : 0x7F))  // without the "essential" bit
                offset += indexLength
            }
            if id == item { return indices }
        }
        return []
    }
}
