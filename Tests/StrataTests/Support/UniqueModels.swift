import Foundation
import Strata

/// Models with unique attributes.
enum Uniques {
    @Model final class Account {
        @Attribute(.unique) var email: String
        var name: String
        var visits: Int = 0
        var nickname: String?

        init(email: String, name: String, visits: Int = 0) {
            self.email = email
            self.name = name
            self.visits = visits
        }
    }

    /// A unique optional attribute: NULL values never clash.
    @Model final class Device {
        @Attribute(.unique) var serial: UUID?
        var label: String

        init(serial: UUID?, label: String) {
            self.serial = serial
            self.label = label
        }
    }
}
