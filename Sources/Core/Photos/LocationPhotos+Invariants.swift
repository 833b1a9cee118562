extension LocationPhotos {
    /// The rules photos and rows keep together, one line per broken rule (empty when all hold):
    /// the store's own rules, and the photo ID counter at or above every ID a row uses (a
    /// counter behind a row would hand that row's ID out again and overwrite its photo).
    public func invariantViolations() throws(LocationPhotosError) -> [String] {
        var violations = try storeCall { () throws(LocationStoreError) in try store.invariantViolations() }
        let largest = try storeCall { () throws(LocationStoreError) in try store.largestPhotoID() }
        let last: PhotoID?
        do {
            last = try allocator.lastPhotoID()
        } catch {
            throw .photoIDUnavailable(error)
        }
        if let largest, last.map({ $0 < largest }) ?? true {
            violations.append("the photo ID counter (\(last.map(String.init(describing:)) ?? "unset")) is below "
                              + "photo ID \(largest), which a location uses")
        }
        return violations
    }

    /// Traps when ``invariantViolations()`` finds any: a broken rule is a bug in this code.
    public func checkInvariants() throws(LocationPhotosError) {
        let violations = try invariantViolations()
        precondition(violations.isEmpty, "location photo invariants broken:\n" + violations.joined(separator: "\n"))
    }

}
