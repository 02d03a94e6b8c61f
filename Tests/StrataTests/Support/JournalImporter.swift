import Foundation
import Strata

/// A background importer written as Apple's sample code writes one.
@ModelActor actor JournalImporter {
    /// Inserts `count` entries into a new notebook, saving every `batch`; returns the notebook's identifier.
    func importNotebook(named name: String, entries count: Int, batch: Int = 25) throws -> PersistentIdentifier {
        let notebook = Journal.Notebook(name: name)
        modelContext.insert(notebook)
        for index in 0..<count {
            let entry = Journal.Entry(text: "\(name) \(index)", mood: index % 5)
            entry.notebook = notebook
            if index % batch == batch - 1 { try modelContext.save() }
        }
        try modelContext.save()
        return notebook.persistentModelID
    }

    /// The name of the notebook with this identifier, as this actor's context sees it.
    func name(of id: PersistentIdentifier) -> String? { self[id, as: Journal.Notebook.self]?.name }

    /// Renames the notebook with this identifier and saves.
    func rename(_ id: PersistentIdentifier, to name: String) throws {
        self[id, as: Journal.Notebook.self]?.name = name
        try modelContext.save()
    }

    /// The names of the notebooks, fetched.
    func notebookNames() throws -> [String] { try modelContext.fetch(FetchDescriptor<Journal.Notebook>()).map(\.name) }

    /// The number of entries in the store.
    func entryCount() throws -> Int { try modelContext.fetchCount(FetchDescriptor<Journal.Entry>()) }
}
