import Foundation
import SwiftData

@Model
final class Stop {
    var place: String
    var nights: Int
    var trip: Trip?

    init(place: String, nights: Int) {
        self.place = place
        self.nights = nights
    }
}
