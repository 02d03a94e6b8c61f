import Foundation
import Testing

@testable import StrataSources

/// The pieces that choose an app's compiled files: the `project.pbxproj` text format, `--exclude` globs, and a broken
/// project named in a clear error.
@Suite struct CompiledFilesTests {
    @Test func readsTheOldStylePropertyListOfAProjectFile() throws {
        let text = """
            // !$*UTF8*$!
            {
            	objects = {
            /* Begin PBXFileReference section */
            		AA01 /* My File.swift */ = {isa = PBXFileReference; path = "My File.swift"; sourceTree = "<group>"; };
            		AA02 = {isa = PBXGroup; children = (AA01 /* My File.swift */, ); name = "Say \\"hi\\""; };
            		AA03 = {isa = XCBuildConfiguration; buildSettings = {SWIFT_VERSION = 6.0; OTHER = "a//b"; }; };
            	};
            	rootObject = AA02;
            }
            """
        let list = try PropertyListText.parse(text)
        #expect(list["rootObject"]?.string == "AA02")
        #expect(list["objects"]?["AA01"]?["path"]?.string == "My File.swift")
        #expect(list["objects"]?["AA01"]?["sourceTree"]?.string == "<group>")
        #expect(list["objects"]?["AA02"]?["children"]?.strings == ["AA01"])
        #expect(list["objects"]?["AA02"]?["name"]?.string == "Say \"hi\"")
        #expect(list["objects"]?["AA03"]?["buildSettings"]?["SWIFT_VERSION"]?.string == "6.0")
        #expect(list["objects"]?["AA03"]?["buildSettings"]?["OTHER"]?.string == "a//b")
        #expect(throws: PropertyListText.Malformed.self) { try PropertyListText.parse("{ objects = { a = b } }") }
    }

    @Test func excludeGlobsMatchPathsFoldersAndNamesAtAnyDepth() throws {
        let cases: [(String, String, Bool)] = [
            ("Old/*.swift", "Old/SchemaV1.swift", true),
            ("Old/*.swift", "Old/Deep/SchemaV1.swift", false),
            ("Old/**", "Old/Deep/SchemaV1.swift", true),
            ("**/SchemaV1.swift", "SchemaV1.swift", true),
            ("**/SchemaV1.swift", "A/B/SchemaV1.swift", true),
            ("Old", "Old/Deep/SchemaV1.swift", true),
            ("Old", "Older/SchemaV1.swift", false),
            ("* copy.swift", "Models/Item copy.swift", true),
            ("Schema?.swift", "Schema1.swift", true),
            ("Schema?.swift", "Schema12.swift", false),
            ("Models/Item (1).swift", "Models/Item (1).swift", true),
            ("Models/Item.swift", "Models/ItemXswift", false),
        ]
        for (pattern, path, expected) in cases {
            #expect(try #require(SourceGlob(pattern)).matches(path) == expected, "\(pattern) on \(path)")
        }
    }

    @Test func aBrokenProjectFileIsNamedWithWhereItStopsParsing() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        try folder.write("App.xcodeproj/project.pbxproj", "// !$*UTF8*$!\n{ objects = { A = { isa = PBXGroup }; };\n")
        try folder.write("Item.swift", "enum SchemaV1 {}\n")
        let error = try #require(throws: SourceReadingError.self) { try AppSources(folder: folder.url) }
        #expect(
            error.description.hasSuffix(
                "App.xcodeproj/project.pbxproj cannot be read as an Xcode project (expected ; at byte 49); fix the file, or give --sources a folder with no project above it"
            ))
    }
}
