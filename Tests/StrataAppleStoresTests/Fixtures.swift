import AppleStoreFixtures
import CZlib
import Foundation
import GRDB
import Strata

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The real stores in Tests/Fixtures/AppleStores (or $STRATA_APPLE_FIXTURES), copied to a fresh temporary
/// directory per test: the originals are read-only and are never opened.
struct Fixtures {
    /// The copy's directory; every fixture folder is inside it.
    let directory: URL

    static var source: URL { AppleStoreFixtures.source }

    /// Copies every fixture (byte for byte, made writable so the temporary directory can be deleted).
    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-apple-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for folder in try FileManager.default.contentsOfDirectory(atPath: Self.source.path)
        where !folder.hasSuffix(".md") {
            let target = directory.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(
                atPath: Self.source.appendingPathComponent(folder).path)
            {
                let data = try Data(contentsOf: Self.source.appendingPathComponent(folder).appendingPathComponent(file))
                try data.write(to: target.appendingPathComponent(file))
            }
        }
    }

    /// The copy of `folder/file`.
    func url(_ path: String) -> URL { directory.appendingPathComponent(path) }

    /// Deletes the copies.
    func remove() { try? FileManager.default.removeItem(at: directory) }

    /// Every store of the fixtures, as "folder/file".
    static let stores = [
        "swiftdata-resourcesmanager/default.store",
        "swiftdata-cartkit/CartKitSwiftData_v1.sqlite",
        "coredata-cartkit/CartStorage_v1.sqlite",
        "swiftdata-freezeray/App-1_0_0.sqlite",
        "swiftdata-freezeray/App-2_0_0.sqlite",
        "coredata-bnr-coredatastack/TestModel.sqlite",
        "coredata-easylife/EasyLife.sqlite",
        "coredata-easylife/EasyLife_1.3.0.sqlite",
        "coredata-easylife/EasyLife_1.5.0.sqlite",
        "coredata-wire/store1-25.wiredatabase",
        "coredata-wire/store2-50-0.wiredatabase",
        "coredata-wire/store2-101-0.wiredatabase",
        "swiftdata-metacocktails/default.store",
    ]

    /// SHA-256 of a store's file, -wal and -shm (absent files hash as "absent").
    static func digest(_ url: URL) -> [String] {
        ["", "-wal", "-shm"].map { suffix in
            guard let data = FileManager.default.contents(atPath: url.path + suffix) else { return "absent" }
            return SHA256.hash(data: data).map { String(format: "%02x", $0) }.joined()
        }
    }

    /// What SQLite itself reports, read with GRDB from a separate copy with the -wal applied.
    static func sqlite<T>(_ url: URL, _ body: (Database) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "strata-apple-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent(url.lastPathComponent)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: url.path + suffix) {
            try FileManager.default.copyItem(atPath: url.path + suffix, toPath: copy.path + suffix)
        }
        let queue = try DatabaseQueue(path: copy.path)
        defer { try? queue.close() }
        return try queue.read(body)
    }
}

/// Entity names with their attribute and relationship names, from an .xcdatamodel `contents` XML file.
final class ModelXML: NSObject, XMLParserDelegate {
    private(set) var entities: [String: (attributes: Set<String>, relationships: Set<String>)] = [:]
    private var current: String?

    static func read(_ url: URL) throws -> [String: (attributes: Set<String>, relationships: Set<String>)] {
        let model = ModelXML()
        let parser = XMLParser(data: try Data(contentsOf: url))
        parser.delegate = model
        _ = parser.parse()
        return model.entities
    }

    func parser(
        _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String]
    ) {
        guard let name = attributes["name"] else { return }
        switch element {
        case "entity":
            current = name
            entities[name] = ([], [])
        case "attribute": if let current { entities[current]?.attributes.insert(name) }
        case "relationship": if let current { entities[current]?.relationships.insert(name) }
        default: break
        }
    }
}

/// Raw DEFLATE (no header), to build model caches in tests.
func rawDeflate(_ data: Data) throws -> Data {
    var stream = z_stream()
    guard strata_deflate_init_raw(&stream) == Z_OK else { throw CocoaError(.featureUnsupported) }
    defer { deflateEnd(&stream) }
    var input = [UInt8](data)
    var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(input.count))) + 64)
    let produced = input.withUnsafeMutableBufferPointer { inputBuffer in
        output.withUnsafeMutableBufferPointer { outputBuffer -> Int in
            stream.next_in = inputBuffer.baseAddress
            stream.avail_in = uInt(inputBuffer.count)
            stream.next_out = outputBuffer.baseAddress
            stream.avail_out = uInt(outputBuffer.count)
            _ = deflate(&stream, Z_FINISH)
            return outputBuffer.count - Int(stream.avail_out)
        }
    }
    return Data(output[0..<produced])
}
