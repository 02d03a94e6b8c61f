import Foundation
import Strata

/// One model per supported value type (and its optional) carrying `@Attribute(.unique) var key`, shaped like the
/// models apps key by an identity, for the unique-key differential test.
enum Keyed {
    @Model final class Text {
        @Attribute(.unique) var key: String
        var serial: Int
        var note: String
        init(key: String, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeText {
        @Attribute(.unique) var key: String?
        var serial: Int
        var note: String
        init(key: String?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class Flag {
        @Attribute(.unique) var key: Bool
        var serial: Int
        var note: String
        init(key: Bool, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeFlag {
        @Attribute(.unique) var key: Bool?
        var serial: Int
        var note: String
        init(key: Bool?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class IntKey {
        @Attribute(.unique) var key: Int
        var serial: Int
        var note: String
        init(key: Int, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeIntKey {
        @Attribute(.unique) var key: Int?
        var serial: Int
        var note: String
        init(key: Int?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class Int8Key {
        @Attribute(.unique) var key: Int8
        var serial: Int
        var note: String
        init(key: Int8, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeInt8Key {
        @Attribute(.unique) var key: Int8?
        var serial: Int
        var note: String
        init(key: Int8?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class Int16Key {
        @Attribute(.unique) var key: Int16
        var serial: Int
        var note: String
        init(key: Int16, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeInt16Key {
        @Attribute(.unique) var key: Int16?
        var serial: Int
        var note: String
        init(key: Int16?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class Int32Key {
        @Attribute(.unique) var key: Int32
        var serial: Int
        var note: String
        init(key: Int32, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeInt32Key {
        @Attribute(.unique) var key: Int32?
        var serial: Int
        var note: String
        init(key: Int32?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class Int64Key {
        @Attribute(.unique) var key: Int64
        var serial: Int
        var note: String
        init(key: Int64, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeInt64Key {
        @Attribute(.unique) var key: Int64?
        var serial: Int
        var note: String
        init(key: Int64?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class UIntKey {
        @Attribute(.unique) var key: UInt
        var serial: Int
        var note: String
        init(key: UInt, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeUIntKey {
        @Attribute(.unique) var key: UInt?
        var serial: Int
        var note: String
        init(key: UInt?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class UInt8Key {
        @Attribute(.unique) var key: UInt8
        var serial: Int
        var note: String
        init(key: UInt8, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeUInt8Key {
        @Attribute(.unique) var key: UInt8?
        var serial: Int
        var note: String
        init(key: UInt8?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class UInt16Key {
        @Attribute(.unique) var key: UInt16
        var serial: Int
        var note: String
        init(key: UInt16, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeUInt16Key {
        @Attribute(.unique) var key: UInt16?
        var serial: Int
        var note: String
        init(key: UInt16?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class UInt32Key {
        @Attribute(.unique) var key: UInt32
        var serial: Int
        var note: String
        init(key: UInt32, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeUInt32Key {
        @Attribute(.unique) var key: UInt32?
        var serial: Int
        var note: String
        init(key: UInt32?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class UInt64Key {
        @Attribute(.unique) var key: UInt64
        var serial: Int
        var note: String
        init(key: UInt64, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeUInt64Key {
        @Attribute(.unique) var key: UInt64?
        var serial: Int
        var note: String
        init(key: UInt64?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class DoubleKey {
        @Attribute(.unique) var key: Double
        var serial: Int
        var note: String
        init(key: Double, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeDoubleKey {
        @Attribute(.unique) var key: Double?
        var serial: Int
        var note: String
        init(key: Double?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class FloatKey {
        @Attribute(.unique) var key: Float
        var serial: Int
        var note: String
        init(key: Float, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeFloatKey {
        @Attribute(.unique) var key: Float?
        var serial: Int
        var note: String
        init(key: Float?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class DecimalKey {
        @Attribute(.unique) var key: Decimal
        var serial: Int
        var note: String
        init(key: Decimal, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeDecimalKey {
        @Attribute(.unique) var key: Decimal?
        var serial: Int
        var note: String
        init(key: Decimal?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class DateKey {
        @Attribute(.unique) var key: Date
        var serial: Int
        var note: String
        init(key: Date, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeDateKey {
        @Attribute(.unique) var key: Date?
        var serial: Int
        var note: String
        init(key: Date?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class DataKey {
        @Attribute(.unique) var key: Data
        var serial: Int
        var note: String
        init(key: Data, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeDataKey {
        @Attribute(.unique) var key: Data?
        var serial: Int
        var note: String
        init(key: Data?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class UUIDKey {
        @Attribute(.unique) var key: UUID
        var serial: Int
        var note: String
        init(key: UUID, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeUUIDKey {
        @Attribute(.unique) var key: UUID?
        var serial: Int
        var note: String
        init(key: UUID?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class URLKey {
        @Attribute(.unique) var key: URL
        var serial: Int
        var note: String
        init(key: URL, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeURLKey {
        @Attribute(.unique) var key: URL?
        var serial: Int
        var note: String
        init(key: URL?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class KindKey {
        @Attribute(.unique) var key: Vault.Kind
        var serial: Int
        var note: String
        init(key: Vault.Kind, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybeKindKey {
        @Attribute(.unique) var key: Vault.Kind?
        var serial: Int
        var note: String
        init(key: Vault.Kind?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class PointKey {
        @Attribute(.unique) var key: Vault.Point
        var serial: Int
        var note: String
        init(key: Vault.Point, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
    @Model final class MaybePointKey {
        @Attribute(.unique) var key: Vault.Point?
        var serial: Int
        var note: String
        init(key: Vault.Point?, serial: Int, note: String) {
            self.key = key
            self.serial = serial
            self.note = note
        }
    }
}
