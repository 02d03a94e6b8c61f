import Foundation

/// Every attribute of a `Vault.Sample` as a plain value: what the reference stores and compares.
struct SampleValues: Equatable, CustomStringConvertible {
    var text: String
    var flag: Bool
    var int: Int
    var int8: Int8
    var int16: Int16
    var int32: Int32
    var int64: Int64
    var uint: UInt
    var uint8: UInt8
    var uint16: UInt16
    var uint32: UInt32
    var uint64: UInt64
    var double: Double
    var float: Float
    var decimal: Decimal
    var date: Date
    var data: Data
    var uuid: UUID
    var url: URL
    var kind: Vault.Kind
    var point: Vault.Point
    var maybeText: String?
    var maybeFlag: Bool?
    var maybeInt: Int?
    var maybeInt8: Int8?
    var maybeInt16: Int16?
    var maybeInt32: Int32?
    var maybeInt64: Int64?
    var maybeUInt: UInt?
    var maybeUInt8: UInt8?
    var maybeUInt16: UInt16?
    var maybeUInt32: UInt32?
    var maybeUInt64: UInt64?
    var maybeDouble: Double?
    var maybeFloat: Float?
    var maybeDecimal: Decimal?
    var maybeDate: Date?
    var maybeData: Data?
    var maybeUUID: UUID?
    var maybeURL: URL?
    var maybeKind: Vault.Kind?
    var maybePoint: Vault.Point?

    /// The values seed `seed` picks from `ValueTables` (seed 0 picks the first entry of each, and no nils).
    init(seed: Int) {
        var pick = ValuePicker(seed: seed)
        text = pick.one(ValueTables.texts)
        flag = pick.one([false, true])
        int = pick.one(ValueTables.ints)
        int8 = pick.one(ValueTables.edges())
        int16 = pick.one(ValueTables.edges())
        int32 = pick.one(ValueTables.edges())
        int64 = pick.one(ValueTables.edges())
        uint = pick.one(ValueTables.edges())
        uint8 = pick.one(ValueTables.edges())
        uint16 = pick.one(ValueTables.edges())
        uint32 = pick.one(ValueTables.edges())
        uint64 = pick.one(ValueTables.uint64s)
        double = pick.one(ValueTables.doubles)
        float = pick.one(ValueTables.floats)
        decimal = pick.one(ValueTables.decimals)
        date = pick.one(ValueTables.dates)
        data = pick.one(ValueTables.blobs)
        uuid = pick.one(ValueTables.uuids)
        url = pick.one(ValueTables.urls)
        kind = pick.one(Vault.Kind.allCases)
        point = pick.one(ValueTables.points)
        maybeText = pick.maybe(ValueTables.texts)
        maybeFlag = pick.maybe([false, true])
        maybeInt = pick.maybe(ValueTables.ints)
        maybeInt8 = pick.maybe(ValueTables.edges())
        maybeInt16 = pick.maybe(ValueTables.edges())
        maybeInt32 = pick.maybe(ValueTables.edges())
        maybeInt64 = pick.maybe(ValueTables.edges())
        maybeUInt = pick.maybe(ValueTables.edges())
        maybeUInt8 = pick.maybe(ValueTables.edges())
        maybeUInt16 = pick.maybe(ValueTables.edges())
        maybeUInt32 = pick.maybe(ValueTables.edges())
        maybeUInt64 = pick.maybe(ValueTables.uint64s)
        maybeDouble = pick.maybe(ValueTables.doubles)
        maybeFloat = pick.maybe(ValueTables.floats)
        maybeDecimal = pick.maybe(ValueTables.decimals)
        maybeDate = pick.maybe(ValueTables.dates)
        maybeData = pick.maybe(ValueTables.blobs)
        maybeUUID = pick.maybe(ValueTables.uuids)
        maybeURL = pick.maybe(ValueTables.urls)
        maybeKind = pick.maybe(Vault.Kind.allCases)
        maybePoint = pick.maybe(ValueTables.points)
    }

    /// The values a model holds now.
    init(_ s: Vault.Sample) {
        text = s.text
        flag = s.flag
        int = s.int
        int8 = s.int8
        int16 = s.int16
        int32 = s.int32
        int64 = s.int64
        uint = s.uint
        uint8 = s.uint8
        uint16 = s.uint16
        uint32 = s.uint32
        uint64 = s.uint64
        double = s.double
        float = s.float
        decimal = s.decimal
        date = s.date
        data = s.data
        uuid = s.uuid
        url = s.url
        kind = s.kind
        point = s.point
        maybeText = s.maybeText
        maybeFlag = s.maybeFlag
        maybeInt = s.maybeInt
        maybeInt8 = s.maybeInt8
        maybeInt16 = s.maybeInt16
        maybeInt32 = s.maybeInt32
        maybeInt64 = s.maybeInt64
        maybeUInt = s.maybeUInt
        maybeUInt8 = s.maybeUInt8
        maybeUInt16 = s.maybeUInt16
        maybeUInt32 = s.maybeUInt32
        maybeUInt64 = s.maybeUInt64
        maybeDouble = s.maybeDouble
        maybeFloat = s.maybeFloat
        maybeDecimal = s.maybeDecimal
        maybeDate = s.maybeDate
        maybeData = s.maybeData
        maybeUUID = s.maybeUUID
        maybeURL = s.maybeURL
        maybeKind = s.maybeKind
        maybePoint = s.maybePoint
    }

    var description: String {
        Mirror(reflecting: self).children.map { "\($0.label ?? "?")=\($0.value)" }.joined(separator: " ")
    }
}

extension Vault.Sample {
    /// Writes every attribute (each assignment goes through the model's change tracking).
    func assign(_ v: SampleValues) {
        text = v.text
        flag = v.flag
        int = v.int
        int8 = v.int8
        int16 = v.int16
        int32 = v.int32
        int64 = v.int64
        uint = v.uint
        uint8 = v.uint8
        uint16 = v.uint16
        uint32 = v.uint32
        uint64 = v.uint64
        double = v.double
        float = v.float
        decimal = v.decimal
        date = v.date
        data = v.data
        uuid = v.uuid
        url = v.url
        kind = v.kind
        point = v.point
        maybeText = v.maybeText
        maybeFlag = v.maybeFlag
        maybeInt = v.maybeInt
        maybeInt8 = v.maybeInt8
        maybeInt16 = v.maybeInt16
        maybeInt32 = v.maybeInt32
        maybeInt64 = v.maybeInt64
        maybeUInt = v.maybeUInt
        maybeUInt8 = v.maybeUInt8
        maybeUInt16 = v.maybeUInt16
        maybeUInt32 = v.maybeUInt32
        maybeUInt64 = v.maybeUInt64
        maybeDouble = v.maybeDouble
        maybeFloat = v.maybeFloat
        maybeDecimal = v.maybeDecimal
        maybeDate = v.maybeDate
        maybeData = v.maybeData
        maybeUUID = v.maybeUUID
        maybeURL = v.maybeURL
        maybeKind = v.maybeKind
        maybePoint = v.maybePoint
    }
}
