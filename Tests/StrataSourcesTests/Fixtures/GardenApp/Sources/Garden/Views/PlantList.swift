import SwiftData
import SwiftUI

struct PlantList: View {
    @Query(sort: \Plant.name) private var plants: [Plant]

    var body: some View {
        List(plants) { plant in
            Label(plant.name, systemImage: plant.kind.symbolName)
        }
    }
}

extension PlantKind {
    var symbolName: String {
        switch self {
        case .herb: "leaf"
        case .vegetable: "carrot"
        case .flower: "camera.macro"
        case .shrub: "tree"
        }
    }
}
