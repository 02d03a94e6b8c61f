import Foundation
import Strata
import Testing

/// A model with 70 attributes, as wide tables in real apps have: changes to attributes past the 64th (kept apart
/// from the first 64 in an object's storage) are saved, rolled back and reported like any other.
@Model final class WideRecord {
    @Attribute(.unique) var id: UUID
    var field0: Int = 0
    var field1: Int = 1
    var field2: Int = 2
    var field3: Int = 3
    var field4: Int = 4
    var field5: Int = 5
    var field6: Int = 6
    var field7: Int = 7
    var field8: Int = 8
    var field9: Int = 9
    var field10: Int = 10
    var field11: Int = 11
    var field12: Int = 12
    var field13: Int = 13
    var field14: Int = 14
    var field15: Int = 15
    var field16: Int = 16
    var field17: Int = 17
    var field18: Int = 18
    var field19: Int = 19
    var field20: Int = 20
    var field21: Int = 21
    var field22: Int = 22
    var field23: Int = 23
    var field24: Int = 24
    var field25: Int = 25
    var field26: Int = 26
    var field27: Int = 27
    var field28: Int = 28
    var field29: Int = 29
    var field30: Int = 30
    var field31: Int = 31
    var field32: Int = 32
    var field33: Int = 33
    var field34: Int = 34
    var field35: Int = 35
    var field36: Int = 36
    var field37: Int = 37
    var field38: Int = 38
    var field39: Int = 39
    var field40: Int = 40
    var field41: Int = 41
    var field42: Int = 42
    var field43: Int = 43
    var field44: Int = 44
    var field45: Int = 45
    var field46: Int = 46
    var field47: Int = 47
    var field48: Int = 48
    var field49: Int = 49
    var field50: Int = 50
    var field51: Int = 51
    var field52: Int = 52
    var field53: Int = 53
    var field54: Int = 54
    var field55: Int = 55
    var field56: Int = 56
    var field57: Int = 57
    var field58: Int = 58
    var field59: Int = 59
    var field60: Int = 60
    var field61: Int = 61
    var field62: Int = 62
    var field63: Int = 63
    var field64: Int = 64
    var field65: Int = 65
    var field66: Int = 66
    var field67: Int = 67
    var field68: Int = 68
    var field69: Int = 69
    init(id: UUID = UUID()) {
        self.id = id
    }
}

@Suite struct WideModelTests {
    /// Runs `body` with a context, a record it has saved, and a way to read the record back through a new context.
    func withSavedRecord(_ body: (ModelContext, WideRecord, () throws -> WideRecord) throws -> Void) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(UUID()).store")
        defer { try? FileManager.default.removeItem(at: url) }
        let container = try ModelContainer(for: WideRecord.self, configurations: ModelConfiguration(url: url))
        let context = ModelContext(container)
        let record = WideRecord()
        context.insert(record)
        try context.save()
        try body(context, record) {
            try #require(try ModelContext(container).fetch(FetchDescriptor<WideRecord>()).first)
        }
    }

    @Test func changesPastTheSixtyFourthAttributeAreSaved() throws {
        try withSavedRecord { context, record, readBack in
            record.field69 = 690
            record.field2 = 20
            record.field65 = 650
            #expect(context.hasChanges)
            #expect(record.hasChanges)
            try context.save()
            #expect(!record.hasChanges)

            let read = try readBack()
            #expect(read.field69 == 690)
            #expect(read.field65 == 650)
            #expect(read.field2 == 20)
            #expect(read.field64 == 64)
            #expect(read.field63 == 63)
        }
    }

    @Test func onlyAChangePastTheSixtyFourthStillCountsAsAChangeAndRollsBack() throws {
        try withSavedRecord { context, record, readBack in
            record.field66 = -1
            #expect(record.hasChanges)
            #expect(context.changedModelsArray.count == 1)
            context.rollback()
            #expect(record.field66 == 66)
            #expect(!record.hasChanges)
            #expect(!context.hasChanges)

            record.field67 = -2
            try context.save()
            let read = try readBack()
            #expect(read.field67 == -2)
            #expect(read.field66 == 66)
        }
    }
}
