import AppleStoreFixtures
import Foundation

/// The ways a model bundle is damaged and crafted, applied to one file of a copied bundle.
enum ModelMutation {
    /// Damages one file under `root` (a `contents`, `.xccurrentversion` or `xcmapping.xml`); says what it did.
    static func apply(to root: URL, random: inout SplitMix) throws -> String {
        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            let name = (path as NSString).lastPathComponent
            if name == "contents" || name == ".xccurrentversion" || name == "xcmapping.xml" { files.append(path) }
        }
        files.sort()
        let path = files[random.below(files.count)]
        let url = root.appendingPathComponent(path)
        var bytes = [UInt8](try Data(contentsOf: url))
        var text: String { String(decoding: bytes, as: UTF8.self) }
        func lines() -> [String] { text.components(separatedBy: "\n") }
        func setLines(_ new: [String]) { bytes = Array(new.joined(separator: "\n").utf8) }
        let kind = random.below(16)
        let what: String
        switch kind {
        case 0:
            let flips = 1 + random.below(8)
            for _ in 0..<flips where !bytes.isEmpty { bytes[random.below(bytes.count)] ^= UInt8(1 << random.below(8)) }
            what = "\(flips) bit flips"
        case 1:
            let cut = random.below(bytes.count + 1)
            bytes = Array(bytes.prefix(cut))
            what = "truncated at \(cut)"
        case 2:
            var all = lines()
            let line = random.below(all.count)
            all.remove(at: line)
            setLines(all)
            what = "line \(line + 1) deleted"
        case 3:
            var all = lines()
            let line = random.below(all.count)
            all.insert(all[line], at: line)
            setLines(all)
            what = "line \(line + 1) duplicated"
        case 4:
            let names = matches(of: "<entity name=\"", in: text)
            if names.count >= 2 {
                let first = names[random.below(names.count)]
                let second = names[random.below(names.count)]
                var all = text
                all = withParent(all, entity: first, parent: second)
                all = withParent(all, entity: second, parent: first)
                bytes = Array(all.utf8)
                what = "parent cycle \(first) <-> \(second)"
            } else {
                what = "no entities to cycle"
            }
        case 5:
            let targets = matches(of: "destinationEntity=\"", in: text)
            if let target = targets.isEmpty ? nil : targets[random.below(targets.count)] {
                bytes = Array(
                    text.replacingOccurrences(
                        of: "destinationEntity=\"\(target)\"", with: "destinationEntity=\"Missing\(random.below(99))\""
                    ).utf8)
                what = "relationships to \(target) point to a missing entity"
            } else {
                what = "no relationships"
            }
        case 6:
            let names = matches(of: "name=\"", in: text)
            if let name = names.isEmpty ? nil : names[random.below(names.count)] {
                let huge = String(repeating: "N", count: 1 << (10 + random.below(11)))
                bytes = Array(text.replacingOccurrences(of: "name=\"\(name)\"", with: "name=\"\(huge)\"").utf8)
                what = "name \(name) made \(huge.count) characters"
            } else {
                what = "no names"
            }
        case 7:
            let bundle = root.appendingPathComponent(
                (files.first { $0.hasSuffix(".xcdatamodeld/.xccurrentversion") || $0.contains(".xcdatamodeld/") }
                    ?? path)
                    .components(separatedBy: ".xcdatamodeld")[0] + ".xcdatamodeld")
            let target = bundle.appendingPathComponent(".xccurrentversion")
            let choices = [
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict><key>_XCCurrentVersionName</key><string>Nothing.xcdatamodel</string></dict></plist>",
                "<plist version=\"1.0\"><dict><key>_XCCurrentVersionName</key><integer>7</integer></dict></plist>",
                "", "bplist00garbage", String(repeating: "<array>", count: 5000),
            ]
            let choice = random.below(choices.count)
            try Data(choices[choice].utf8).write(to: target)
            return ".xccurrentversion replaced by choice \(choice)"
        case 8:
            var all = text
            for key in ["sourcemodelpath", "destinationmodelpath"] where random.below(2) == 0 {
                if let range = all.range(of: "\"\(key)\" type=\"string\">"),
                    let end = all[range.upperBound...].range(of: "</attribute>")
                {
                    all.replaceSubrange(
                        range.upperBound..<end.lowerBound, with: "Nowhere/Nothing \(random.below(9)).xcdatamodel")
                }
            }
            bytes = Array(all.utf8)
            what = "mapping model versions renamed to missing ones"
        case 9:
            let at = random.below(bytes.count + 1)
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE, 0x80], at: at)
            what = "invalid UTF-8 at \(at)"
        case 10:
            let at = text.range(of: "?>").map { text.distance(from: text.startIndex, to: $0.upperBound) } ?? 0
            var all = Array(text)
            all.insert(
                contentsOf: "\n<!DOCTYPE model [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;\">]>",
                at: at)
            bytes = Array(String(all).utf8)
            what = "entity declarations inserted"
        case 11:
            var all = lines()
            let a = random.below(all.count)
            let b = random.below(all.count)
            all.swapAt(a, b)
            setLines(all)
            what = "lines \(a + 1) and \(b + 1) swapped"
        case 12:
            var all = lines()
            let depth = 1 + random.below(2000)
            let line = random.below(all.count)
            all.insert(String(repeating: "<x>", count: depth) + String(repeating: "</x>", count: depth), at: line)
            setLines(all)
            what = "\(depth) nested elements at line \(line + 1)"
        case 13:
            let all = text.replacingOccurrences(
                of: "attributeType=\"",
                with: "attributeType=\"\(["Blob", "", "Integer 128", "\u{202E}x"][random.below(4)])")
            bytes = Array(all.utf8)
            what = "attribute types garbled"
        case 14:
            try FileManager.default.removeItem(at: url)
            return "\(path) removed"
        default:
            let names = matches(of: "<entity name=\"", in: text)
            if let name = names.isEmpty ? nil : names[random.below(names.count)],
                let range = text.range(of: "<entity name=\"\(name)\""),
                let end = text[range.lowerBound...].range(of: "</entity>")
            {
                var all = text
                all.insert(contentsOf: "\n" + text[range.lowerBound..<end.upperBound], at: end.upperBound)
                bytes = Array(all.utf8)
                what = "entity \(name) duplicated"
            } else {
                what = "no entity to duplicate"
            }
        }
        try Data(bytes).write(to: url)
        return "\(path): \(what)"
    }

    /// The values of the attributes introduced by `prefix` (`name="`), in order.
    static func matches(of prefix: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let range = rest.range(of: prefix) {
            let value = rest[range.upperBound...].prefix { $0 != "\"" }
            found.append(String(value))
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// `text` with entity `entity`'s parent set to `parent`.
    static func withParent(_ text: String, entity: String, parent: String) -> String {
        text.replacingOccurrences(
            of: "<entity name=\"\(entity)\"", with: "<entity name=\"\(entity)\" parentEntity=\"\(parent)\"")
    }
}
