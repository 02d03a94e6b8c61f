import CloudKit
import Foundation

extension ListenLaterSchemaV2.Episode: CloudSyncable {
    public var recordName: String { "episode-" + title.lowercased().replacingOccurrences(of: " ", with: "-") }

    public func apply(_ record: CKRecord) {
        title = record["title"] as? String ?? title
        syncedSpeed = record["speed"] as? Double ?? syncedSpeed
    }

    public func makeRecord(in zone: CKRecordZone.ID) -> CKRecord {
        let record = CKRecord(recordType: "Episode", recordID: CKRecord.ID(recordName: recordName, zoneID: zone))
        record["title"] = title
        record["speed"] = syncedSpeed
        return record
    }
}
