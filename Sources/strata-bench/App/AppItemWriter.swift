import Foundation
import Strata

/// A6's writer: a `@ModelActor` importing items in batches, one save per batch, as apps import in the background.
@ModelActor actor AppItemWriter {
    /// Inserts items `1...rows`, saving every `batch`; returns the seconds it took.
    func importItems(rows: Int, batch: Int) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        for number in 1...rows {
            modelContext.insert(AppItem(number: number))
            if number % batch == 0 || number == rows { try modelContext.save() }
        }
        return (clock.now - start).seconds
    }
}
