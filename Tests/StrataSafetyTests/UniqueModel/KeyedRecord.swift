import Foundation
import Strata

/// A model whose unique attribute is `key`, with the table of values the generators draw keys from.
protocol KeyedRecord: PersistentModel {
    associatedtype Key: UniqueIdentity
    var key: Key { get }
    var serial: Int { get }
    var note: String { get set }
    init(key: Key, serial: Int, note: String)
    /// The keys sequences use: the type's edges, nil first for optionals.
    static var keys: [Key] { get }
}

extension Keyed.Text: KeyedRecord { static var keys: [String] { ValueTables.texts } }
extension Keyed.MaybeText: KeyedRecord { static var keys: [String?] { [nil] + ValueTables.texts } }
extension Keyed.Flag: KeyedRecord { static var keys: [Bool] { [false, true] } }
extension Keyed.MaybeFlag: KeyedRecord { static var keys: [Bool?] { [nil] + [false, true] } }
extension Keyed.IntKey: KeyedRecord { static var keys: [Int] { ValueTables.ints } }
extension Keyed.MaybeIntKey: KeyedRecord { static var keys: [Int?] { [nil] + ValueTables.ints } }
extension Keyed.Int8Key: KeyedRecord { static var keys: [Int8] { ValueTables.edges() } }
extension Keyed.MaybeInt8Key: KeyedRecord { static var keys: [Int8?] { [nil] + ValueTables.edges() } }
extension Keyed.Int16Key: KeyedRecord { static var keys: [Int16] { ValueTables.edges() } }
extension Keyed.MaybeInt16Key: KeyedRecord { static var keys: [Int16?] { [nil] + ValueTables.edges() } }
extension Keyed.Int32Key: KeyedRecord { static var keys: [Int32] { ValueTables.edges() } }
extension Keyed.MaybeInt32Key: KeyedRecord { static var keys: [Int32?] { [nil] + ValueTables.edges() } }
extension Keyed.Int64Key: KeyedRecord { static var keys: [Int64] { ValueTables.edges() } }
extension Keyed.MaybeInt64Key: KeyedRecord { static var keys: [Int64?] { [nil] + ValueTables.edges() } }
extension Keyed.UIntKey: KeyedRecord { static var keys: [UInt] { ValueTables.edges() } }
extension Keyed.MaybeUIntKey: KeyedRecord { static var keys: [UInt?] { [nil] + ValueTables.edges() } }
extension Keyed.UInt8Key: KeyedRecord { static var keys: [UInt8] { ValueTables.edges() } }
extension Keyed.MaybeUInt8Key: KeyedRecord { static var keys: [UInt8?] { [nil] + ValueTables.edges() } }
extension Keyed.UInt16Key: KeyedRecord { static var keys: [UInt16] { ValueTables.edges() } }
extension Keyed.MaybeUInt16Key: KeyedRecord { static var keys: [UInt16?] { [nil] + ValueTables.edges() } }
extension Keyed.UInt32Key: KeyedRecord { static var keys: [UInt32] { ValueTables.edges() } }
extension Keyed.MaybeUInt32Key: KeyedRecord { static var keys: [UInt32?] { [nil] + ValueTables.edges() } }
extension Keyed.UInt64Key: KeyedRecord { static var keys: [UInt64] { ValueTables.uint64s } }
extension Keyed.MaybeUInt64Key: KeyedRecord { static var keys: [UInt64?] { [nil] + ValueTables.uint64s } }
extension Keyed.DoubleKey: KeyedRecord { static var keys: [Double] { ValueTables.doubles } }
extension Keyed.MaybeDoubleKey: KeyedRecord { static var keys: [Double?] { [nil] + ValueTables.doubles } }
extension Keyed.FloatKey: KeyedRecord { static var keys: [Float] { ValueTables.floats } }
extension Keyed.MaybeFloatKey: KeyedRecord { static var keys: [Float?] { [nil] + ValueTables.floats } }
extension Keyed.DecimalKey: KeyedRecord { static var keys: [Decimal] { ValueTables.decimals } }
extension Keyed.MaybeDecimalKey: KeyedRecord { static var keys: [Decimal?] { [nil] + ValueTables.decimals } }
extension Keyed.DateKey: KeyedRecord { static var keys: [Date] { ValueTables.dates } }
extension Keyed.MaybeDateKey: KeyedRecord { static var keys: [Date?] { [nil] + ValueTables.dates } }
extension Keyed.DataKey: KeyedRecord { static var keys: [Data] { ValueTables.blobs } }
extension Keyed.MaybeDataKey: KeyedRecord { static var keys: [Data?] { [nil] + ValueTables.blobs } }
extension Keyed.UUIDKey: KeyedRecord { static var keys: [UUID] { ValueTables.uuids } }
extension Keyed.MaybeUUIDKey: KeyedRecord { static var keys: [UUID?] { [nil] + ValueTables.uuids } }
extension Keyed.URLKey: KeyedRecord { static var keys: [URL] { ValueTables.urls } }
extension Keyed.MaybeURLKey: KeyedRecord { static var keys: [URL?] { [nil] + ValueTables.urls } }
extension Keyed.KindKey: KeyedRecord { static var keys: [Vault.Kind] { Vault.Kind.allCases } }
extension Keyed.MaybeKindKey: KeyedRecord { static var keys: [Vault.Kind?] { [nil] + Vault.Kind.allCases } }
extension Keyed.PointKey: KeyedRecord { static var keys: [Vault.Point] { ValueTables.points } }
extension Keyed.MaybePointKey: KeyedRecord { static var keys: [Vault.Point?] { [nil] + ValueTables.points } }

extension Keyed {
    /// Every keyed model type, in the order the generator picks them.
    static var types: [any KeyedRecord.Type] {
        [
            Keyed.Text.self, Keyed.MaybeText.self, Keyed.Flag.self, Keyed.MaybeFlag.self, Keyed.IntKey.self,
            Keyed.MaybeIntKey.self, Keyed.Int8Key.self, Keyed.MaybeInt8Key.self, Keyed.Int16Key.self,
            Keyed.MaybeInt16Key.self, Keyed.Int32Key.self, Keyed.MaybeInt32Key.self, Keyed.Int64Key.self,
            Keyed.MaybeInt64Key.self, Keyed.UIntKey.self, Keyed.MaybeUIntKey.self, Keyed.UInt8Key.self,
            Keyed.MaybeUInt8Key.self, Keyed.UInt16Key.self, Keyed.MaybeUInt16Key.self, Keyed.UInt32Key.self,
            Keyed.MaybeUInt32Key.self, Keyed.UInt64Key.self, Keyed.MaybeUInt64Key.self, Keyed.DoubleKey.self,
            Keyed.MaybeDoubleKey.self, Keyed.FloatKey.self, Keyed.MaybeFloatKey.self, Keyed.DecimalKey.self,
            Keyed.MaybeDecimalKey.self, Keyed.DateKey.self, Keyed.MaybeDateKey.self, Keyed.DataKey.self,
            Keyed.MaybeDataKey.self, Keyed.UUIDKey.self, Keyed.MaybeUUIDKey.self, Keyed.URLKey.self,
            Keyed.MaybeURLKey.self, Keyed.KindKey.self, Keyed.MaybeKindKey.self, Keyed.PointKey.self,
            Keyed.MaybePointKey.self,
        ]
    }
}
