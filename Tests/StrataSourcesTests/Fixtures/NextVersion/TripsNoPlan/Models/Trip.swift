import Foundation
import SwiftData

/// A journey with its stops.
@Model
final class Trip {
    #Unique<Trip>([\.name])

    var name: String
    var startDate: Date
    var transport: Transport = Transport.train
    var budget: Budget?
    // Stops go with their trip.
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []

    init(name: String, startDate: Date) {
        self.name = name
        self.startDate = startDate
    }
}

enum Transport: String, Codable, CaseIterable {
    case train, car, plane
}

struct Budget: Codable, Hashable {
    var amount: Double
    var currency: String
}
