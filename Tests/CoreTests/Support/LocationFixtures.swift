import Core
import Foundation
import PhotoSimTesting

/// Locations for tests: the Nth one is tagged N minutes after 2024-01-01 00:00 UTC unless told.
enum LocationFixtures {
    static let firstDate = Date(timeIntervalSince1970: 1_704_067_200)

    static func details(_ number: Int, minutesAfterStart: Int? = nil, category: String = "Landmark") -> LocationDetails {
        LocationDetails(latitude: 52 + Double(number) / 1_000, longitude: 4 + Double(number) / 1_000,
                        date: firstDate.addingTimeInterval(Double(minutesAfterStart ?? number) * 60),
                        locationDescription: "Place \(number)", category: category,
                        placemark: number.isMultiple(of: 2) ? "\(number) Canal Street, Amsterdam" : nil)
    }

    static func openStore(_ folder: TemporaryFolder, model: LocationModelVersion = .current,
                          seed: UInt64 = 1) throws(LocationStoreError) -> LocationStore {
        try LocationStore(path: folder.appending("Locations.sqlite"), random: SplitMix64(seed: seed), model: model)
    }
}
