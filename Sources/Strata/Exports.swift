// SwiftData re-exports Foundation, so model code that imported only SwiftData uses Date, UUID, URL and
// #Predicate without importing Foundation; Strata does the same so only the import line changes.
@_exported import Foundation
