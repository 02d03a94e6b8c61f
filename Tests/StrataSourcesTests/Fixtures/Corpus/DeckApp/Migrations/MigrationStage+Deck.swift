import Foundation
import SwiftData

extension MigrationStage {
    /// Front and back become prompt and answer, copied card by card.
    static func migrateV2ToV3() -> MigrationStage {
        var saved: [String: (String, String)] = [:]
        return .custom(
            fromVersion: DeckSchemaV2.self,
            toVersion: DeckSchemaV3.self,
            willMigrate: { context in
                for card in try context.fetch(FetchDescriptor<DeckSchemaV2.Card>()) {
                    saved[card.front] = (card.front, card.back)
                }
            }
        ) { context in
            for card in try context.fetch(FetchDescriptor<DeckSchemaV3.Card>()) {
                if let old = saved[card.prompt] {
                    card.answer = old.1
                }
            }
            try context.save()
        }
    }
}
