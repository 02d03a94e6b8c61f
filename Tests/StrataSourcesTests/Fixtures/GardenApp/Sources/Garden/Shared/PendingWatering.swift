import Foundation

/// Plants whose watering reminders must be scheduled again, kept in a file until the app next launches.
struct PendingWatering: Codable {
    var plantNames: [String]

    /// Application Support/Garden/pending-watering.json.
    static var fileURL: URL {
        URL.applicationSupportDirectory.appending(path: "Garden").appending(path: "pending-watering.json")
    }

    func save() throws {
        let folder = Self.fileURL.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try JSONEncoder().encode(self).write(to: Self.fileURL, options: .atomic)
    }
}
