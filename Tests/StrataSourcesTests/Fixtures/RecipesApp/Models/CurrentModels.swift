import SwiftData

typealias Recipe = RecipesSchemaV3.Recipe
