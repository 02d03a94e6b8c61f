import Foundation
import SwiftData

@Model
final class Recipe {
    var title: String
    var servings: Int
    var course: Course = Course.main
    var notes: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Ingredient.recipe) var ingredients: [Ingredient] = []

    init(title: String, servings: Int) {
        self.title = title
        self.servings = servings
    }

    /// Shown in the list.
    var subtitle: String { "\(servings) servings" }
}

@Model
final class Ingredient {
    var name: String
    var grams: Int
    var recipe: Recipe?

    init(name: String, grams: Int) {
        self.name = name
        self.grams = grams
    }
}

enum Course: String, Codable {
    case starter, main, dessert
}
