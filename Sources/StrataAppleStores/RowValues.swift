import Foundation
package import GRDB

/// A column of a store's row read as the type the reader expects, or nil: a store from a device may hold any value
/// in any column (text in `Z_ENT`, a number where a name belongs), and GRDB's typed subscripts trap on a value of
/// another type (found by HostileAppleStoreTests).
extension Row {
    /// The column's integer, or nil when it is NULL or not an integer.
    package func integer(_ index: Int) -> Int64? { Int64.fromDatabaseValue(self[index] as DatabaseValue) }

    /// The column's text, or nil when it is NULL or not text.
    package func text(_ index: Int) -> String? { String.fromDatabaseValue(self[index] as DatabaseValue) }

    /// The column's bytes, or nil when it is NULL or not a blob (or text).
    package func blob(_ index: Int) -> Data? { Data.fromDatabaseValue(self[index] as DatabaseValue) }
}
