import Foundation
import Strata

/// A movie app's model as many surveyed apps write it: `@Attribute(.unique) let id = UUID()`, which SwiftData
/// compiles (Strata warns that a fetched object gets a new value from the initial value).
@Model
class Genre: Identifiable {
    @Attribute(.unique) let id = UUID()
    let createdAt: Date = Date.now
    var name: String?
    var apiID: Int

    init(apiID: Int, name: String? = nil) {
        self.apiID = apiID
        self.name = name
    }
}
