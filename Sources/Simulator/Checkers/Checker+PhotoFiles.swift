import Core

extension Checker {
    /// No photo file without a row and no row naming a missing file (MyLocations' store and
    /// `Documents/Photo-<id>.jpg`, with the temporary `.Photo-<id>.jpg.XXXXXX` of an interrupted
    /// write counted as a leftover). While the app is not running a leftover is excused: a kill
    /// may leave one mid-save, and MyLocations' launch removes it (`removeOrphanedPhotoFiles()`,
    /// docs/faults.md), so the check after the relaunch is where a leftover counts. While it
    /// runs, so is a file whose removal an injected fault failed (``FaultInjector/failedRemovals``):
    /// the app cannot remove it, and the same sweep takes it at the next launch.
    public static let photoFiles = Checker(
        name: "photo-files",
        summary: "every Documents/Photo-<id>.jpg has a location row and every row's photo file exists"
    ) { checkup in
        checkup.photoFileProblems()
    }
}

extension DeviceCheckup {
    func photoFileProblems() -> [String] {
        let rows: [LocationRow]
        do throws(CheckProblem) {
            guard let read = try locationRows() else { return leftoverPhotoFiles(named: []) }
            rows = read
        } catch {
            return [error.sentence]
        }
        var named: Set<String> = []
        var problems: [String] = []
        for row in rows {
            guard let photoID = row.photoID else { continue }
            let name = "Photo-\(photoID).jpg"
            named.insert(name)
            let path = documentsPath.appendingPathComponent(name)
            if !fileSystem.fileExists(at: path) {
                problems.append("location Z_PK \(row.primaryKey) names photo \(photoID), but \(relative(path)) is missing")
            }
        }
        return problems + leftoverPhotoFiles(named: named)
    }

    /// Leftovers count only while the app runs: one a kill left is the next launch's to remove,
    /// and so is one the app failed to remove because of an injected fault.
    private func leftoverPhotoFiles(named: Set<String>) -> [String] {
        guard host.state.isRunning else { return [] }
        let failedRemovals = host.faults.failedRemovals
        return photoFilesNoRowNames(named) { failedRemovals.contains(relative($0)) }
    }

    /// Photo files (and temporary photo files) in Documents that no row names.
    private func photoFilesNoRowNames(_ named: Set<String>, excusing isExcused: (String) -> Bool) -> [String] {
        names(in: documentsPath).sorted().compactMap { name in
            let isPhoto = Self.isPhotoFileName(name), isTemporary = name.hasPrefix(".Photo-")
            guard (isPhoto && !named.contains(name)) || isTemporary else { return nil }
            guard !isExcused(documentsPath.appendingPathComponent(name)) else { return nil }
            let path = relative(documentsPath.appendingPathComponent(name))
            return isTemporary ? "\(path) is the temporary file of an unfinished photo write"
                : "\(path) has no location row in \(relative(locationStorePath))"
        }
    }

    /// `Photo-<digits>.jpg`, also `Photo-0.jpg` (which only a buggy build writes).
    static func isPhotoFileName(_ name: String) -> Bool {
        guard name.hasPrefix("Photo-"), name.hasSuffix(".jpg") else { return false }
        let digits = name.dropFirst("Photo-".count).dropLast(".jpg".count)
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }
}
