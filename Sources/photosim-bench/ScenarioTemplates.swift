import Core
import Foundation

/// The generated suite of `photosim-bench scenarios`: one template per reference app, each
/// scenario varied by its index (text typed, items added, photo size, location).
enum ScenarioTemplates {
    /// Writes `count` scenario files (`NNNN-app.yaml`, the apps in turn) and `media/photo.jpg`
    /// into `folder`.
    static func write(count: Int, to folder: String) throws {
        let fileSystem = POSIXFileSystem()
        try fileSystem.createDirectory(at: folder.appendingPathComponent("media"))
        try fileSystem.writeAtomically(try photo(), to: folder.appendingPathComponent("media/photo.jpg"))
        for index in 0..<count {
            let (app, text) = scenario(index)
            let name = String(format: "%04d-%@.yaml", index, app)
            try fileSystem.writeAtomically(Data(text.utf8), to: folder.appendingPathComponent(name))
        }
    }

    /// The app's short name and the scenario's text for `index`.
    static func scenario(_ index: Int) -> (app: String, text: String) {
        switch index % 4 {
        case 0:
            return ("mylocations", """
                appId: com.photosim.MyLocations
                name: Generated \(index) tags a described location
                ---
                - setLocation: {latitude: \(Double(index % 80) + 0.5), longitude: -4.8}
                - launchApp
                - tapOn: Tag Location
                - tapOn: {id: description}
                - inputText: Place \(index)
                - tapOn: Done
                - assertQuery: {store: Library/Application Support/Locations.sqlite, sql: "SELECT ZLOCATIONDESCRIPTION FROM ZLOCATION", rows: [[Place \(index)]]}

                """)
        case 1:
            let items = 1 + index % 3
            return ("lootlogger", """
                appId: com.photosim.LootLogger
                name: Generated \(index) archives \(items) items on background
                ---
                - launchApp
                - repeat:
                    times: \(items)
                    commands:
                      - tapOn: Add
                - pressKey: Home
                - assertFile: Documents/items.plist
                - killApp
                - launchApp
                - assertVisible: Item \(items)

                """)
        case 2:
            return ("photoblobs", """
                appId: com.photosim.PhotoBlobs
                name: Generated \(index) captures and loads a photo
                permissions: {camera: allow}
                ---
                - launchApp
                - tapOn: Capture
                - takePhoto: {width: \(160 + index % 64), height: 120}
                - tapOn: Load
                - assertVisible: 1 saved

                """)
        default:
            return ("photoshare", """
                appId: com.photosim.PhotoShare
                name: Generated \(index) shows the allowed photo
                media: [media/photo.jpg]
                permissions: {photos: allow}
                ---
                - launchApp
                - assertVisible: Photo 1

                """)
        }
    }

    /// A 160x120 gradient JPEG, made here so the benchmark reads no fixture.
    private static func photo() throws -> Data {
        let width = 160, height = 120
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let index = (y * width + x) * 3
                pixels[index] = UInt8(x * 255 / width)
                pixels[index + 1] = UInt8(y * 255 / height)
                pixels[index + 2] = UInt8((x + y) & 255)
            }
        }
        return try JPEGEncoder.encode(Bitmap(width: width, height: height, format: .rgb, pixels: pixels), quality: 90)
    }
}
