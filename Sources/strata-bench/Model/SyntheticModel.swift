import Foundation

/// A Core Data model bundle written for the benchmark at the scale of a real app's history: twenty entities (a
/// four-level message hierarchy among them, and a to-many with its inverse), eight attributes each to start, and one
/// version per release adding one attribute to one entity (integers with a default, as Xcode writes them), for
/// `versions` versions; `.xccurrentversion` names the last.
struct SyntheticModel {
    /// The entities and their parents.
    static let entities: [(name: String, parent: String?)] = [
        ("Message", nil), ("ClientMessage", "Message"), ("TextMessage", "ClientMessage"),
        ("SystemMessage", "ClientMessage"), ("AssetMessage", "ClientMessage"), ("User", nil), ("Conversation", nil),
        ("Team", nil), ("Member", nil), ("Label", nil), ("Reaction", nil), ("Session", nil), ("Connection", nil),
        ("UserClient", nil), ("Action", nil), ("Role", nil), ("Feature", nil), ("ButtonState", nil),
        ("AddressBookEntry", nil), ("Participant", nil),
    ]
    /// The attribute types, taken in turn.
    static let types = ["String", "Integer 16", "Integer 32", "Integer 64", "Boolean", "Date", "Binary", "Double"]

    let versions: Int

    /// Writes `Big.xcdatamodeld` into `folder` and returns its URL.
    func write(in folder: URL) throws -> URL {
        let bundle = folder.appendingPathComponent("Big.xcdatamodeld")
        var attributes: [String: [(String, String)]] = [:]
        for (index, entity) in Self.entities.enumerated() {
            attributes[entity.name] = (0..<8).map { ("e\(index)a\($0)", Self.types[($0 + index) % Self.types.count]) }
        }
        for version in 1...versions {
            let entity = Self.entities[version % Self.entities.count].name
            attributes[entity, default: []].append(("v\(version)", Self.types[version % Self.types.count]))
            let folder = bundle.appendingPathComponent("\(Self.name(of: version)).xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(contents(attributes).utf8).write(to: folder.appendingPathComponent("contents"))
        }
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["_XCCurrentVersionName": "\(Self.name(of: versions)).xcdatamodel"], format: .xml,
            options: 0)
        try plist.write(to: bundle.appendingPathComponent(".xccurrentversion"))
        return bundle
    }

    /// "Big", "Big 2", …: Xcode's naming.
    static func name(of version: Int) -> String { version == 1 ? "Big" : "Big \(version)" }

    private func contents(_ attributes: [String: [(String, String)]]) -> String {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>",
            "<model type=\"com.apple.IDECoreDataModeler.DataModel\" documentVersion=\"1.0\">",
        ]
        for entity in Self.entities {
            let parent = entity.parent.map { " parentEntity=\"\($0)\"" } ?? ""
            lines.append("<entity name=\"\(entity.name)\" representedClassName=\"\(entity.name)\"\(parent)>")
            for (name, type) in attributes[entity.name] ?? [] {
                let value = type.hasPrefix("Integer") ? " defaultValueString=\"0\"" : ""
                lines.append("<attribute name=\"\(name)\" optional=\"YES\" attributeType=\"\(type)\"\(value)/>")
            }
            if entity.name == "Conversation" {
                lines.append(
                    "<relationship name=\"members\" optional=\"YES\" toMany=\"YES\" deletionRule=\"Cascade\" destinationEntity=\"Member\" inverseName=\"conversation\" inverseEntity=\"Member\"/>"
                )
            }
            if entity.name == "Member" {
                lines.append(
                    "<relationship name=\"conversation\" optional=\"YES\" maxCount=\"1\" deletionRule=\"Nullify\" destinationEntity=\"Conversation\" inverseName=\"members\" inverseEntity=\"Conversation\"/>"
                )
            }
            lines.append("</entity>")
        }
        return (lines + ["</model>"]).joined(separator: "\n")
    }
}
