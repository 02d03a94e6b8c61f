import Foundation

/// What a plant is, shown as a section of the garden list.
enum PlantKind: String, Codable, CaseIterable {
    case herb
    case vegetable
    case flower
    case shrub

    /// The kind 1.0's numbered category menu stood for; nil for a code the menu never had.
    init?(legacyCode: Int) {
        switch legacyCode {
        case 1: self = .herb
        case 2: self = .vegetable
        case 3: self = .flower
        case 4: self = .shrub
        default: return nil
        }
    }
}
