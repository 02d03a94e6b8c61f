import Foundation

enum Difficulty: Int, Codable, CaseIterable {
    case easy, medium, hard

    /// The difficulty a recipe taking `minutes` has.
    static func of(minutes: Int) -> Difficulty {
        minutes > 60 ? .hard : minutes > 20 ? .medium : .easy
    }
}
