import Foundation
import Strata

/// Models that cannot be stored, for the errors that say why.
enum Unstorable {
    /// A struct that is neither Codable nor RawRepresentable.
    struct Opaque: Hashable {
        var value: Int
    }

    @Model final class Holder {
        var name: String
        var opaque: Opaque

        init(name: String, opaque: Opaque) {
            self.name = name
            self.opaque = opaque
        }
    }
}
