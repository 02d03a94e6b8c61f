import SwiftData
import SwiftUI

struct SightingList: View {
    @Query(sort: \Sighting.species) private var sightings: [Sighting]

    var body: some View {
        List(sightings) { sighting in
            Text("\(sighting.count) × \(sighting.species)")
        }
    }
}
