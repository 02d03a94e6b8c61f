import Foundation
import Strata

/// The models the context differential test drives: `Sample` holds every supported value type (and an optional
/// of each); `Owner`, `Pet` and `Club` relate to-one, to-many and many-to-many under each delete rule.
enum Vault {
    /// A raw-valued enum, stored as its raw value.
    enum Kind: String, Codable, CaseIterable {
        case low, mid, high
    }

    /// A Codable struct, stored as JSON.
    struct Point: Codable, Hashable {
        var x: Int
        var y: Double
    }

    static var models: [any PersistentModel.Type] { [Sample.self, Owner.self, Pet.self, Club.self] }
}

extension Vault {
    @Model final class Sample {
        var serial: Int
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
        var kind: Kind
        var point: Point
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
        var maybeKind: Kind?
        var maybePoint: Point?

        init(serial: Int, values v: SampleValues) {
            self.serial = serial
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

    @Model final class Owner {
        var serial: Int
        var name: String
        @Relationship(deleteRule: .cascade, inverse: \Pet.keeper) var kept: [Pet] = []
        @Relationship(deleteRule: .nullify, inverse: \Pet.walker) var walked: [Pet] = []
        @Relationship(deleteRule: .deny, inverse: \Pet.vet) var treated: [Pet] = []
        @Relationship(deleteRule: .noAction, inverse: \Pet.sitter) var sat: [Pet] = []
        @Relationship(deleteRule: .nullify, inverse: \Club.members) var clubs: [Club] = []

        init(serial: Int, name: String) {
            self.serial = serial
            self.name = name
        }
    }

    @Model final class Pet {
        var serial: Int
        var name: String
        var keeper: Owner?
        var walker: Owner?
        var vet: Owner?
        var sitter: Owner?

        init(serial: Int, name: String) {
            self.serial = serial
            self.name = name
        }
    }

    @Model final class Club {
        var serial: Int
        var name: String
        @Relationship(deleteRule: .cascade) var members: [Owner] = []

        init(serial: Int, name: String) {
            self.serial = serial
            self.name = name
        }
    }
}
