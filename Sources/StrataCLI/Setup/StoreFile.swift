import ArgumentParser
import Foundation

/// `<store>`: the store file `info`, `plan`, `migrate`, `rows` and `open` read first.
struct StoreFile: ParsableArguments {
    @Argument(help: "The store file (a SwiftData or Core Data store is read through a private copy).")
    var store: String

    /// The store's URL; a store problem (exit 3) when nothing readable is there.
    func url() throws -> URL { try StoreArgument.url(store) }
}
