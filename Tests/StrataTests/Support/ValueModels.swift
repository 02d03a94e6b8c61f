import Foundation
import Strata

/// Models holding one property of every storable value type, required and optional.
enum Values {
    enum Mood: String, Codable, CaseIterable {
        case happy, sad
    }

    enum Level: Int, Codable, CaseIterable {
        case low = 1, high = 2
    }

    struct Point: Codable, Hashable {
        var x: Int
        var y: Double
        var label: String
    }

    /// Every value type, required; every property has a default so a test sets only what it checks.
    @Model final class Sample {
        var string: String = ""
        var bool: Bool = false
        var int: Int = 0
        var int8: Int8 = 0
        var int16: Int16 = 0
        var int32: Int32 = 0
        var int64: Int64 = 0
        var uint: UInt = 0
        var uint8: UInt8 = 0
        var uint16: UInt16 = 0
        var uint32: UInt32 = 0
        var uint64: UInt64 = 0
        var double: Double = 0
        var float: Float = 0
        var decimal: Decimal = 0
        var date: Date = Date(timeIntervalSinceReferenceDate: 0)
        var data: Data = Data()
        var uuid: UUID = UUID()
        var url: URL = URL(string: "https://example.com")!
        var mood: Mood = .happy
        var level: Level = .low
        var point: Point = Point(x: 0, y: 0, label: "")
        var strings: [String] = []
        var ints: [Int] = []
        var interval: TimeInterval = 0
        var order: Int = 7

        init() {}
    }

    /// Every value type, optional.
    @Model final class OptionalSample {
        var string: String?
        var bool: Bool?
        var int: Int?
        var int8: Int8?
        var int16: Int16?
        var int32: Int32?
        var int64: Int64?
        var uint: UInt?
        var uint8: UInt8?
        var uint16: UInt16?
        var uint32: UInt32?
        var uint64: UInt64?
        var double: Double?
        var float: Float?
        var decimal: Decimal?
        var date: Date?
        var data: Data?
        var uuid: UUID?
        var url: URL?
        var mood: Mood?
        var level: Level?
        var point: Point?
        var strings: [String]?
        var ints: [Int]?
        var interval: TimeInterval?

        init() {}
    }

    /// Values assigned by a designated initialiser, next to declared defaults.
    @Model final class Assigned {
        var title: String
        var order: Int = 0
        var tags: [String] = ["new"]
        var note: String?

        init(title: String) { self.title = title }
    }
}
