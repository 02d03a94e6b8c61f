import Foundation

/// The Core Data model bundles the tests read: those written for them under Tests/CoreDataModels (see its README for
/// where each fact of the format comes from), and bundles assembled from the real model files of
/// Tests/Fixtures/AppleStores, beside the stores those models wrote.
public enum ModelBundleFixtures {
    /// Tests/CoreDataModels.
    public static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("CoreDataModels")
    }

    /// Tests/CoreDataModels/Tasks/Tasks.xcdatamodeld: four versions, a mapping model beside it.
    public static var tasks: URL { folder.appendingPathComponent("Tasks/Tasks.xcdatamodeld") }

    /// Tests/CoreDataModels/Journal: a folder holding a bundle with numeric version names.
    public static var journal: URL { folder.appendingPathComponent("Journal") }

    /// Writes a `.xcdatamodeld` named `name` into `directory`, one `.xcdatamodel` per entry of `versions` (version
    /// name, `contents` XML), with `.xccurrentversion` naming `current` when given; returns the bundle.
    public static func bundle(
        _ name: String, versions: [(String, String)], current: String? = nil, in directory: URL
    ) throws -> URL {
        let bundle = directory.appendingPathComponent("\(name).xcdatamodeld")
        for (version, contents) in versions {
            let folder = bundle.appendingPathComponent("\(version).xcdatamodel")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: folder.appendingPathComponent("contents"))
        }
        if let current {
            let plist = try PropertyListSerialization.data(
                fromPropertyList: ["_XCCurrentVersionName": "\(current).xcdatamodel"], format: .xml, options: 0)
            try plist.write(to: bundle.appendingPathComponent(".xccurrentversion"))
        }
        return bundle
    }

    /// The real model file `folder/file` of Tests/Fixtures/AppleStores, as text.
    public static func realModel(_ folder: String, _ file: String) throws -> String {
        try String(
            contentsOf: AppleStoreFixtures.source.appendingPathComponent(folder).appendingPathComponent(file),
            encoding: .utf8)
    }

    /// EasyLife's three real model versions (larromba/EasyLife) as a bundle: "EasyLife", "EasyLife 1.3.0",
    /// "EasyLife 1.5.0" (current), the names Xcode's numbering orders.
    public static func easyLife(in directory: URL) throws -> URL {
        try bundle(
            "EasyLife",
            versions: [
                ("EasyLife", try realModel("coredata-easylife", "EasyLife.xcdatamodel.xml")),
                ("EasyLife 1.3.0", try realModel("coredata-easylife", "EasyLife_1.3.0.xcdatamodel.xml")),
                ("EasyLife 1.5.0", try realModel("coredata-easylife", "EasyLife_1.5.0.xcdatamodel.xml")),
            ], current: "EasyLife 1.5.0", in: directory)
    }

    /// CoreDataStack's two real model versions (bignerdranch/CoreDataStack): "TestModel" and "TestModel2" (current).
    public static func coreDataStack(in directory: URL) throws -> URL {
        try bundle(
            "TestModel",
            versions: [
                ("TestModel", try realModel("coredata-bnr-coredatastack", "TestModel.xcdatamodel.contents.xml")),
                ("TestModel2", try realModel("coredata-bnr-coredatastack", "TestModel2.xcdatamodel.contents.xml")),
            ], current: "TestModel2", in: directory)
    }
}
