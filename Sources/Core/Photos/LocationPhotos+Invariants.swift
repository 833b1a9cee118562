extension LocationPhotos {
    /// Photo files in Documents that no location names, sorted. A crash after a photo was
    /// written but before its row was committed leaves one; nothing else should.
    public func orphanedPhotoFileNames() throws(LocationPhotosError) -> [String] {
        let names: [String]
        do {
            names = try fileSystem.contentsOfDirectory(at: documentsPath)
        } catch .notFound {
            return []
        } catch {
            throw .documentsUnreadable(path: documentsPath, error)
        }
        let locations = try storeCall { () throws(LocationStoreError) in try store.allLocations() }
        let named = Set(locations.compactMap(\.photoID?.fileName))
        return names.filter { Self.isPhotoFileName($0) && !named.contains($0) }
    }

    /// Removes the photo files no location names (see ``orphanedPhotoFileNames()``) and returns
    /// their names. Safe because an orphan's ID was saved before its file was written, so the ID
    /// is never handed out again; the app runs this at launch, as a relaunch after a crash would.
    @discardableResult
    public func removeOrphanedPhotoFiles() throws(LocationPhotosError) -> [String] {
        let orphans = try orphanedPhotoFileNames()
        for name in orphans {
            let path = documentsPath.appendingPathComponent(name)
            do {
                try fileSystem.removeItem(at: path)
            } catch {
                throw .photoNotRemoved(path: path, error)
            }
        }
        return orphans
    }

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

    /// `Photo-<positive integer>.jpg`, the names this type writes.
    static func isPhotoFileName(_ name: String) -> Bool {
        guard name.hasPrefix("Photo-"), name.hasSuffix(".jpg") else { return false }
        let number = name.dropFirst("Photo-".count).dropLast(".jpg".count)
        return Int(number).flatMap(PhotoID.init(rawValue:))?.fileName == name
    }
}
