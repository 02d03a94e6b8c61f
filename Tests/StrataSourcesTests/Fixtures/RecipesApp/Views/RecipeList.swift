import SwiftData
import SwiftUI

struct RecipeList: View {
    @Query(sort: \Recipe.name) private var recipes: [Recipe]

    var body: some View {
        List(recipes) { recipe in
            HStack {
                Text(recipe.name)
                Spacer()
                Text("\(recipe.minutes) min").foregroundStyle(recipe.tint)
            }
        }
    }
}
