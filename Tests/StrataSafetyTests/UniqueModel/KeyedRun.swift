import Foundation
import Strata

/// Runs unique-key steps on one keyed model type against a real store and `KeyedReference`, comparing after every
/// step what the context fetches and, after saves and on `peek`, what a second container reading the file sees.
enum KeyedRun {
    /// The problems met running `steps` on `type` (empty when Strata and the reference agree throughout).
    static func problems(_ type: any KeyedRecord.Type, _ steps: [KeyedStep]) throws -> [String] {
        try run(type, steps)
    }

    private static func run<M: KeyedRecord>(_ type: M.Type, _ steps: [KeyedStep]) throws -> [String] {
        let directory = TemporaryDirectory()
        let url = directory.store()
        let context = ModelContext(try open(M.self, url))
        var reference = KeyedReference<M.Key>()
        var nextSerial = 1
        for (index, step) in steps.enumerated() {
            var problems: [String] = []
            do {
                let visible = reference.visible
                switch step.operation {
                case .insert:
                    let key = M.keys[step.a % M.keys.count]
                    let note = "n\(step.b % 10)"
                    context.insert(M(key: key, serial: nextSerial, note: note))
                    reference.insert(key, serial: nextSerial, note: note)
                    nextSerial += 1
                case .renote:
                    guard !visible.isEmpty else { break }
                    let serial = visible[step.a % visible.count].serial
                    let note = "r\(step.b % 10)"
                    guard let model = try context.fetch(FetchDescriptor<M>()).first(where: { $0.serial == serial })
                    else {
                        problems.append("no model with serial \(serial) to change")
                        break
                    }
                    model.note = note
                    reference.renote(serial, note)
                case .delete:
                    let saved = reference.saved.filter { !reference.deletions.contains($0.serial) }
                    guard !saved.isEmpty else { break }
                    let serial = saved[step.a % saved.count].serial
                    guard let model = try context.fetch(FetchDescriptor<M>()).first(where: { $0.serial == serial })
                    else {
                        problems.append("no model with serial \(serial) to delete")
                        break
                    }
                    context.delete(model)
                    reference.delete(serial)
                case .save:
                    try context.save()
                    reference.save()
                    problems += try differences(
                        M.self, ModelContext(try open(M.self, url)), reference.saved, "a second container")
                case .rollback:
                    context.rollback()
                    reference.rollback()
                case .count:
                    let count = try context.fetchCount(FetchDescriptor<M>())
                    if count != visible.count { problems.append("fetchCount \(count), expected \(visible.count)") }
                case .peek:
                    problems += try differences(
                        M.self, ModelContext(try open(M.self, url)), reference.saved, "a second container")
                }
                problems += try differences(M.self, context, reference.visible, "the context")
            } catch {
                problems.append("threw \(error)")
            }
            if !problems.isEmpty { return ["\(M.self) step \(index) \(step):"] + problems }
        }
        return []
    }

    private static func open<M: KeyedRecord>(_ type: M.Type, _ url: URL) throws -> ModelContainer {
        try ModelContainer(for: Schema([M.self]), configurations: ModelConfiguration(url: url))
    }

    /// The differences between the models `context` fetches and `expected` rows (by serial: key and note).
    private static func differences<M: KeyedRecord>(
        _ type: M.Type, _ context: ModelContext, _ expected: [KeyedReference<M.Key>.Row], _ who: String
    ) throws -> [String] {
        let models = try context.fetch(FetchDescriptor<M>()).sorted { $0.serial < $1.serial }
        let rows = expected.sorted { $0.serial < $1.serial }
        let same =
            models.count == rows.count
            && zip(models, rows).allSatisfy { model, row in
                model.serial == row.serial && model.note == row.note
                    && (model.key.uniqueIdentity ?? AnyHashable(model.serial))
                        == (row.key.uniqueIdentity ?? AnyHashable(row.serial))
            }
        if same { return [] }
        return [
            "\(who) shows \(models.map { "\($0.serial):\($0.key)=\($0.note)" }), expected \(rows.map { "\($0.serial):\($0.key)=\($0.note)" })"
        ]
    }
}
