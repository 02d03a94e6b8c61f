import Foundation
import Strata

/// The object graph of an NSKeyedArchiver property list (`$archiver`, `$top`, `$objects`), read without
/// NSKeyedUnarchiver: objects refer to each other by UID (an index into `$objects`), and every lookup is
/// bounds-checked and type-checked, so a damaged or hostile archive gives an error, never a crash.
///
/// The property list itself is parsed by Foundation's `PropertyListSerialization`; only the graph walk is here.
struct KeyedArchive {
    /// Why an archive could not be read.
    struct Failure: Error, CustomStringConvertible {
        /// What is wrong, naming the object where it helps.
        let description: String
    }

    /// The `$objects` array.
    private let objects: [Any]
    /// The index of the root object (`$top.root`).
    let root: Int

    /// Parses a keyed archive from its property-list bytes (binary or XML).
    init(data: Data) throws {
        let plist: Any
        do {
            plist = try UntrustedPropertyList.read(data)
        } catch {
            throw Failure(description: "it is not a property list (\(error.localizedDescription))")
        }
        guard let top = plist as? [String: Any] else {
            throw Failure(description: "the property list is not a dictionary")
        }
        guard top["$archiver"] as? String == "NSKeyedArchiver" else {
            throw Failure(description: "it is not an NSKeyedArchiver archive ($archiver is missing)")
        }
        guard let objects = top["$objects"] as? [Any] else { throw Failure(description: "it has no $objects array") }
        guard let roots = top["$top"] as? [String: Any], let rootValue = roots["root"], let root = Self.uid(rootValue)
        else {
            throw Failure(description: "it has no $top root reference")
        }
        self.objects = objects
        self.root = root
        _ = try object(root)
    }

    /// The object a UID refers to; throws for a reference outside `$objects`.
    func object(_ index: Int) throws -> Any {
        guard index >= 0, index < objects.count else {
            throw Failure(
                description: "a reference to object #\(index) dangles ($objects has \(objects.count) objects)")
        }
        return objects[index]
    }

    /// The object `value` refers to when it is a UID; nil for UID 0 (`$null`).
    func resolve(_ value: Any?) throws -> Any? {
        guard let value else { return nil }
        guard let index = Self.uid(value) else { return value }
        if index == 0 { return nil }
        return try object(index)
    }

    /// The object at `index` as a dictionary; throws naming `what` otherwise.
    func dictionary(_ index: Int, _ what: String) throws -> [String: Any] {
        guard let dictionary = try object(index) as? [String: Any] else {
            throw Failure(description: "\(what) (object #\(index)) is not an archived object")
        }
        return dictionary
    }

    /// The UID index stored under `key`; nil when absent or `$null`.
    func reference(_ key: String, in object: [String: Any]) throws -> Int? {
        guard let value = object[key] else { return nil }
        guard let index = Self.uid(value) else { throw Failure(description: "\(key) is not a reference") }
        guard index != 0 else { return nil }
        _ = try self.object(index)
        return index
    }

    /// The string `key` refers to (or holds); nil when absent or `$null`. Reads plain strings and archived
    /// NSMutableStrings (`NS.string`, or UTF-8 `NS.bytes`), which older Core Data versions write.
    func string(_ key: String, in object: [String: Any]) throws -> String? {
        guard let value = try resolve(object[key]) else { return nil }
        if let text = value as? String { return text }
        if let archived = value as? [String: Any] {
            if let text = archived["NS.string"] as? String { return text }
            if let bytes = archived["NS.bytes"] as? Data, let text = String(data: bytes, encoding: .utf8) {
                return text
            }
        }
        throw Failure(description: "\(key) is not a string")
    }

    /// The class name of an archived object (`$classname` of the object `$class` refers to).
    func className(of object: [String: Any]) throws -> String {
        guard let index = try reference("$class", in: object) else {
            throw Failure(description: "an object has no $class")
        }
        guard let name = try dictionary(index, "a $class")["$classname"] as? String else {
            throw Failure(description: "class object #\(index) has no $classname")
        }
        return name
    }

    /// The UID indexes of an archived array or set (`NS.objects`).
    func elements(of index: Int, _ what: String) throws -> [Int] {
        let object = try dictionary(index, what)
        guard let items = object["NS.objects"] as? [Any] else {
            throw Failure(description: "\(what) (object #\(index)) is not an array or set")
        }
        return try items.map { item in
            guard let element = Self.uid(item) else {
                throw Failure(description: "\(what) (object #\(index)) holds a non-reference")
            }
            _ = try self.object(element)
            return element
        }
    }

    /// The entries of an archived dictionary as (key, value index) pairs, in archive order; reads both plain
    /// dictionaries (`NS.keys`, `NS.objects`) and Core Data's known-keys dictionaries (`searchMapping`, `values`).
    func entries(of index: Int, _ what: String) throws -> [(key: String, value: Int)] {
        let container = try dictionary(index, what)
        let keyIndexes: [Int]
        let valueIndexes: [Int]
        if let keys = container["NS.keys"] as? [Any], let values = container["NS.objects"] as? [Any] {
            keyIndexes = try keys.map { try uidOrThrow($0, what) }
            valueIndexes = try values.map { try uidOrThrow($0, what) }
        } else if let mapping = try reference("searchMapping", in: container),
            let values = try reference("values", in: container)
        {
            guard let keysIndex = try reference("keys", in: dictionary(mapping, "\(what) key mapping")) else {
                throw Failure(description: "\(what) (object #\(index)) has a key mapping without keys")
            }
            keyIndexes = try elements(of: keysIndex, "\(what) keys")
            valueIndexes = try elements(of: values, "\(what) values")
        } else {
            throw Failure(description: "\(what) (object #\(index)) is not a dictionary")
        }
        guard keyIndexes.count == valueIndexes.count else {
            throw Failure(
                description: "\(what) (object #\(index)) has \(keyIndexes.count) keys but \(valueIndexes.count) values")
        }
        return try zip(keyIndexes, valueIndexes).map { keyIndex, valueIndex in
            guard let key = try self.object(keyIndex) as? String else {
                throw Failure(description: "\(what) (object #\(index)) has a key that is not a string")
            }
            _ = try self.object(valueIndex)
            return (key, valueIndex)
        }
    }

    private func uidOrThrow(_ value: Any, _ what: String) throws -> Int {
        guard let index = Self.uid(value) else { throw Failure(description: "\(what) holds a non-reference") }
        return index
    }

    /// The index a property-list UID holds, or nil when `value` is not a UID.
    ///
    /// Foundation has no public accessor: on Linux the UID is a `_NSKeyedArchiverUID` with a stored `value`
    /// (read through `Mirror`); on Apple platforms a `__NSCFKeyedArchiverUID` describing itself as `{value = N}`.
    static func uid(_ value: Any) -> Int? {
        guard String(describing: type(of: value)).contains("KeyedArchiverUID") else { return nil }
        for child in Mirror(reflecting: value).children where child.label == "value" {
            if let number = child.value as? any BinaryInteger { return Int(exactly: number) }
        }
        let text = String(describing: value)
        guard let range = text.range(of: "value = ") else { return nil }
        return Int(text[range.upperBound...].prefix { $0.isNumber })
    }
}
