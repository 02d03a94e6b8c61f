import Foundation
import GRDB

/// `AppItem`'s row as a careful GRDB user declares it: a Codable record over the same table Strata writes.
struct ItemRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "AppItem"
    /// Strata stores dates as seconds since 2001 (and GRDB's default is text): both read the same rows.
    static let databaseDateEncodingStrategy = DatabaseDateEncodingStrategy.timeIntervalSinceReferenceDate
    static let databaseDateDecodingStrategy = DatabaseDateDecodingStrategy.timeIntervalSinceReferenceDate

    var id: Int64?
    var title: String
    var count: Int
    var score: Double
    var created: Date
    var uuid: UUID
    var note: String?

    enum CodingKeys: String, CodingKey {
        case id = "_pk", title, count, score, created, uuid, note
    }

    /// The record of row number `number`.
    init(number: Int) {
        let values = AppItemValues(number: number)
        id = nil
        title = values.title
        count = number
        score = values.score
        created = values.created
        uuid = values.uuid
        note = values.note
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// `AppParent`'s row as a GRDB record, with its children as an association.
struct ParentRecord: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "AppParent"
    static let children = hasMany(ChildRecord.self, using: ForeignKey(["parent"])).forKey("children")

    var id: Int64
    var name: String

    enum CodingKeys: String, CodingKey { case id = "_pk", name }
}

/// `AppChild`'s row as a GRDB record.
struct ChildRecord: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "AppChild"

    var id: Int64
    var name: String
    var position: Int
    var parent: Int64?

    enum CodingKeys: String, CodingKey { case id = "_pk", name, position, parent }
}

/// A parent with its children, fetched by GRDB in two queries (`including(all:)`).
struct ParentWithChildren: Decodable, FetchableRecord {
    var parent: ParentRecord
    var children: [ChildRecord]

    enum CodingKeys: CodingKey { case parent, children }
}
