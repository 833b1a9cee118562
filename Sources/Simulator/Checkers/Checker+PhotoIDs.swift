import Core

extension Checker {
    /// Photo IDs are never reused: no two rows share one, an ID once seen (on a row, or on a file
    /// no row named) never comes back on another location, and the `PhotoID` counter is at or
    /// above every ID ever seen. The checkup remembers every ID across relaunches.
    public static let photoIDs = Checker(
        name: "photo-ids",
        summary: "no photo ID is given twice, across relaunches; the PhotoID counter is at or above every ID seen"
    ) { checkup in
        checkup.photoIDProblems()
    }
}

extension DeviceCheckup {
    func photoIDProblems() -> [String] {
        let rows: [LocationRow]
        do throws(CheckProblem) {
            guard let read = try locationRows() else { return [] }
            rows = read
        } catch {
            return [error.sentence]
        }
        var problems: [String] = []
        var seenNow: [Int: Int64] = [:]
        for row in rows {
            guard let photoID = row.photoID else { continue }
            if let other = seenNow[photoID] {
                problems.append("photo ID \(photoID) is used by locations Z_PK \(other) and \(row.primaryKey) at once")
            }
            seenNow[photoID] = row.primaryKey
            if let owner = photoIDOwners[photoID], owner != row.primaryKey {
                let first = owner == 0 ? "first seen on a file no row named" : "first given to location Z_PK \(owner)"
                problems.append("photo ID \(photoID), \(first), is used again by location Z_PK \(row.primaryKey)")
            } else if photoIDOwners[photoID] == nil {
                photoIDOwners[photoID] = row.primaryKey
            }
        }
        recordUnnamedPhotoFiles(named: Set(seenNow.keys))
        if let counterProblem = counterProblem() { problems.append(counterProblem) }
        return problems
    }

    /// Files whose ID no row names count as handed out: an ID must not come back on a location.
    private func recordUnnamedPhotoFiles(named: Set<Int>) {
        for name in names(in: documentsPath) where Self.isPhotoFileName(name) {
            guard let photoID = Int(name.dropFirst("Photo-".count).dropLast(".jpg".count)), photoID > 0,
                  !named.contains(photoID), photoIDOwners[photoID] == nil else { continue }
            photoIDOwners[photoID] = 0
        }
    }

    /// The counter behind the largest ID ever seen would hand that ID out again.
    private func counterProblem() -> String? {
        guard let largest = photoIDOwners.keys.max() else { return nil }
        let path = Preferences.path(containerPath: containerPath, bundleIdentifier: host.definition.bundleIdentifier)
        let counter: Int
        do throws(PreferencesError) {
            let preferences = try Preferences(containerPath: containerPath, bundleIdentifier: host.definition.bundleIdentifier,
                                              fileSystem: fileSystem)
            counter = try PhotoIDAllocator(preferences: preferences).lastPhotoID()?.rawValue ?? 0
        } catch {
            return "the PhotoID counter in \(relative(path)) cannot be read: \(error)"
        }
        guard counter < largest else { return nil }
        return "the PhotoID counter in \(relative(path)) is \(counter), below photo ID \(largest) handed out before: "
            + "the next photo would reuse an ID"
    }
}
