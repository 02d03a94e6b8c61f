import Foundation

/// What an episode is; stored by its raw value.
public enum Kind: String, Codable, CaseIterable {
    case talk
    case music
}
