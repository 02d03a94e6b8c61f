import Foundation
import Strata

/// The everyday model of the `app` benchmark: six attributes of the common kinds, one unique and one optional.
@Model final class AppItem {
    var title: String
    var count: Int
    var score: Double
    var created: Date
    @Attribute(.unique) var uuid: UUID
    var note: String?

    init(title: String, count: Int, score: Double, created: Date, uuid: UUID, note: String?) {
        self.title = title
        self.count = count
        self.score = score
        self.created = created
        self.uuid = uuid
        self.note = note
    }

    /// The item of row number `number` (1-based), the same in every contender.
    convenience init(number: Int) {
        let values = AppItemValues(number: number)
        self.init(
            title: values.title, count: number, score: values.score, created: values.created, uuid: values.uuid,
            note: values.note)
    }
}

/// A5's parent: a name and its children (deleting a parent deletes them).
@Model final class AppParent {
    var name: String
    @Relationship(deleteRule: .cascade, inverse: \AppChild.parent) var children: [AppChild] = []

    init(name: String) { self.name = name }
}

/// A5's child: a name, its place among its siblings, and its parent.
@Model final class AppChild {
    var name: String
    var position: Int
    var parent: AppParent?

    init(name: String, position: Int) {
        self.name = name
        self.position = position
    }
}

/// The attribute values of row number `number`, shared by every contender so all write the same rows.
struct AppItemValues {
    let title: String
    let score: Double
    let created: Date
    let uuid: UUID
    let note: String?

    init(number: Int) {
        title = "Item \(number)"
        score = Double(number % 1_000) / 10
        created = Date(timeIntervalSinceReferenceDate: 700_000_000 + Double(number))
        // A distinct UUID per row, without a random generator: the row number in the last eight bytes.
        let n = UInt64(number).bigEndian
        uuid = withUnsafeBytes(of: n) { tail in
            UUID(uuid: (0xA5, 0x7A, 0x7A, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0, 0, 0)).withTail(tail)
        }
        note = number % 3 == 0 ? nil : "note \(number)"
    }
}

extension UUID {
    /// This UUID with its last eight bytes replaced.
    fileprivate func withTail(_ tail: UnsafeRawBufferPointer) -> UUID {
        var bytes = uuid
        withUnsafeMutableBytes(of: &bytes) { target in
            for index in 0..<8 { target[8 + index] = tail[index] }
        }
        return UUID(uuid: bytes)
    }
}
