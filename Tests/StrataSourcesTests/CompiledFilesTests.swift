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
            ("**/**/Item.swift", "Item.swift", true),
            ("A/**/**/Item.swift", "A/B/C/Item.swift", true),
            ("*a*b*", "Models/xaYbZ.swift", true),
            ("*a*b*", "Models/xbYaZ.swift", false),
            ("Old/", "Old/SchemaV1.swift", true),
            // Thirty wildcards, matched in a moment (a backtracking matcher tried their combinations).
            (String(repeating: "**/", count: 30) + "x", "A/B/C/D/E/F/G/H/I/J/Item.swift", false),
            (String(repeating: "*a", count: 30) + "*x", "A/" + String(repeating: "a", count: 200) + ".swift", false),
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

    @Test func declarationsInOtherBranchesOfAnIfAreNotRedeclarations() throws {
        let folder = try TemporaryFolder()
        try folder.write(
            "Platform.swift",
            """
            #if os(iOS)
            enum Haptics { static let enabled = true }
            #else
            enum Haptics { static let enabled = false }
            #endif
            """)
        try folder.write("Item.swift", "enum Shelf { struct Label {} }\n")
        try folder.write("Item copy.swift", "enum Shelf { struct Label {} }\n")
        let sources = try AppSources(folder: folder.url)
        // The copy is read first (path order); only Shelf, the outer type, is reported, at the second file.
        #expect(
            sources.redeclarations.map {
                "\(URL(fileURLWithPath: $0.location.file).lastPathComponent):\($0.location.line)"
            }
                == ["Item.swift:1"])
        #expect(sources.redeclarations.first?.message.hasPrefix("Shelf is declared twice, here and at ") == true)
    }

    @Test func theCompiledLevelBuildsOnlyTheFilesRead() throws {
        // The stale copy outside the Xcode target would not compile beside the real PantrySchemaV1.
        let pantry = CompiledApp(sources: try AppSources(folder: FixtureTree.folder("StaleXcodeApp")))
        #expect(
            pantry.files.map(\.name) == [
                "Pantry_Model_PantryMigrationPlan.swift", "Pantry_Model_PantrySchemaV1.swift",
                "Pantry_Model_PantrySchemaV2.swift", "StrataCompiledEntry.swift",
            ])
        let garden = CompiledApp(
            sources: try AppSources(folder: FixtureTree.folder("TwoCopiesApp"), excluding: ["Backup"]))
        #expect(!garden.files.contains { $0.original?.contains("Backup") ?? false })
        #expect(garden.files.count == 4)
    }

    @Test func aLocalPackageInsideAnXcodeAppsFolderDecidesForItsOwnFiles() throws {
        let folder = try TemporaryFolder()
        for path in ["App.xcodeproj", "App", "Packages/Kit/Sources/Kit"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try folder.write(
            "App.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            { objects = {
                P1 = { isa = PBXProject; mainGroup = G1; targets = (T1); };
                G1 = { isa = PBXGroup; children = (S1); sourceTree = "<group>"; };
                S1 = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                T1 = { isa = PBXNativeTarget; name = App; buildPhases = (); fileSystemSynchronizedGroups = (S1); };
            }; rootObject = P1; }
            """)
        try folder.write("App/AppMain.swift", "struct AppMain {}\n")
        try folder.write("Stray.swift", "struct Stray {}\n")
        try folder.write(
            "Packages/Kit/Package.swift",
            "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Kit\", targets: [.target(name: \"Kit\")])\n"
        )
        try folder.write("Packages/Kit/Sources/Kit/Schema.swift", "enum KitSchemaV1 {}\n")
        let files = try CompiledFiles(folder: folder.url)
        #expect(
            files.summary
                == "read 2 files of targets App, Kit in App.xcodeproj and Packages/Kit/Package.swift; skipped 1 file that is the package manifest: Packages/Kit/Package.swift; skipped 1 file not in any target: Stray.swift"
        )
        let schema = try #require(files.read.first { $0.hasSuffix("Schema.swift") })
        #expect(
            files.languageMode(of: schema).decidedBy
                == "target Kit in Package.swift: swift-tools-version 5.9, no language mode set")
    }

    @Test func swiftVersionComesFromTheXcconfigFilesTheConfigurationsAreBasedOn() throws {
        let folder = try TemporaryFolder()
        for path in ["App.xcodeproj", "App", "Config"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
        try folder.write(
            "App.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            { objects = {
                P1 = { isa = PBXProject; mainGroup = G1; targets = (T1); buildConfigurationList = L1; };
                G1 = { isa = PBXGroup; children = (S1, C1); sourceTree = "<group>"; };
                C1 = { isa = PBXGroup; children = (X1, X2); path = Config; sourceTree = "<group>"; };
                X1 = { isa = PBXFileReference; path = Base.xcconfig; sourceTree = "<group>"; };
                X2 = { isa = PBXFileReference; path = App.xcconfig; sourceTree = "<group>"; };
                S1 = { isa = PBXFileSystemSynchronizedRootGroup; path = App; sourceTree = "<group>"; };
                T1 = { isa = PBXNativeTarget; name = App; buildConfigurationList = L2; fileSystemSynchronizedGroups = (S1); };
                L1 = { isa = XCConfigurationList; buildConfigurations = (B1); defaultConfigurationName = Release; };
                L2 = { isa = XCConfigurationList; buildConfigurations = (B2); defaultConfigurationName = Release; };
                B1 = { isa = XCBuildConfiguration; baseConfigurationReference = X1; buildSettings = {}; name = Release; };
                B2 = { isa = XCBuildConfiguration; baseConfigurationReference = X2; buildSettings = {}; name = Release; };
            }; rootObject = P1; }
            """)
        try folder.write("Config/Shared.xcconfig", "SWIFT_VERSION = 6.0\n")
        try folder.write(
            "Config/Base.xcconfig", "#include \"Shared.xcconfig\"\nSWIFT_VERSION = 5.0 // the app is not ready\n")
        try folder.write("Config/App.xcconfig", "// nothing about the language\nPRODUCT_NAME = App\n")
        try folder.write("App/Schema.swift", "enum SchemaV1 {}\n")
        let mode = { try CompiledFiles(folder: folder.url).languageMode(of: folder.url.path + "/App/Schema.swift") }
        #expect(
            try mode()
                == SwiftLanguageMode(
                    isSwift6: false,
                    decidedBy:
                        "target App in App.xcodeproj: SWIFT_VERSION = 5.0 in the project's Base.xcconfig, not set on the target"
                ))
        try folder.write("Config/App.xcconfig", "SWIFT_VERSION = 6\n")
        #expect(
            try mode()
                == SwiftLanguageMode(
                    isSwift6: true,
                    decidedBy:
                        "target App in App.xcodeproj: SWIFT_VERSION = 6 in the target's App.xcconfig, over 5.0 on the project"
                ))
    }
}
