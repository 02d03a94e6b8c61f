import Foundation

/// Where an item is on its way through the kitchen; stored by its raw value.
enum Status: String, Codable, CaseIterable {
    case planned
    case bought = "in-basket"
    case used
}
