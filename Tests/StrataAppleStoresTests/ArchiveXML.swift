import Foundation

/// NSKeyedArchiver property lists written by hand as XML, for damaged and hostile model caches (CorruptStoreTests,
/// HostileStoreContentTests).
enum ArchiveXML {
    /// An archive whose `$objects` are `objects` after `$null` (XML fragments), its root object #1, as a binary
    /// property list.
    static func archive(_ objects: [String]) throws -> Data {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict>
            <key>$archiver</key><string>NSKeyedArchiver</string>
            <key>$version</key><integer>100000</integer>
            <key>$top</key><dict><key>root</key><dict><key>CF$UID</key><integer>1</integer></dict></dict>
            <key>$objects</key><array><string>$null</string>\(objects.joined())</array>
            </dict></plist>
            """
        let plist = try PropertyListSerialization.propertyList(from: Data(xml.utf8), options: [], format: nil)
        return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// A reference to object `index`.
    static func uid(_ index: Int) -> String { "<dict><key>CF$UID</key><integer>\(index)</integer></dict>" }

    /// A class object naming `name`.
    static func className(_ name: String) -> String {
        "<dict><key>$classname</key><string>\(name)</string><key>$classes</key><array><string>\(name)</string></array></dict>"
    }

    /// A model of entities A (#6) and B (#7) whose superentities are `superOfA` and `superOfB`, and an attribute
    /// of A whose default value is object #10; `extra` objects follow from #16 (#15 is the class NSArray).
    static func model(
        superOfA: Int, superOfB: Int, defaultValue: String = "<string>x</string>", extra: [String] = []
    ) throws -> Data {
        try archive(
            [
                "<dict><key>NSEntities</key>\(uid(2))<key>$class</key>\(uid(3))</dict>", // 1 root
                // 2
                "<dict><key>NS.keys</key><array>\(uid(4))\(uid(5))</array><key>NS.objects</key><array>\(uid(6))\(uid(7))</array><key>$class</key>\(uid(8))</dict>",
                className("NSManagedObjectModel"), // 3
                "<string>A</string>", "<string>B</string>", // 4, 5
                // 6
                "<dict><key>NSEntityName</key>\(uid(4))<key>NSSuperentity</key>\(uid(superOfA))<key>NSProperties</key>\(uid(11))<key>$class</key>\(uid(9))</dict>",
                // 7
                "<dict><key>NSEntityName</key>\(uid(5))<key>NSSuperentity</key>\(uid(superOfB))<key>$class</key>\(uid(9))</dict>",
                className("NSDictionary"), className("NSEntityDescription"), // 8, 9
                defaultValue, // 10
                // 11
                "<dict><key>NS.keys</key><array>\(uid(12))</array><key>NS.objects</key><array>\(uid(13))</array><key>$class</key>\(uid(8))</dict>",
                "<string>blob</string>", // 12
                // 13
                "<dict><key>NSPropertyName</key>\(uid(12))<key>NSAttributeType</key><integer>1000</integer><key>NSDefaultValue</key>\(uid(10))<key>$class</key>\(uid(14))</dict>",
                className("NSAttributeDescription"), // 14
                className("NSArray"), // 15
            ] + extra)
    }
}
