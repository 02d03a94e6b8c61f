import CloudKit
import Foundation

/// A model kept in step with its record in the user's private CloudKit database.
public protocol CloudSyncable {
    /// The name of its record.
    var recordName: String { get }
    /// Takes the values of a record fetched from CloudKit.
    func apply(_ record: CKRecord)
    /// The record to save for it in `zone`.
    func makeRecord(in zone: CKRecordZone.ID) -> CKRecord
}
