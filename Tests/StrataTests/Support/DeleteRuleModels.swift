import Foundation
import Strata

/// A parent with one child relationship per delete rule.
enum Rules {
    @Model final class Parent {
        var name: String
        @Relationship(deleteRule: .nullify, inverse: \Nullified.parent) var nullified: [Nullified] = []
        @Relationship(deleteRule: .cascade, inverse: \Cascaded.parent) var cascaded: [Cascaded] = []
        @Relationship(deleteRule: .deny, inverse: \Denied.parent) var denied: [Denied] = []
        @Relationship(deleteRule: .noAction, inverse: \Untouched.parent) var untouched: [Untouched] = []

        init(name: String) { self.name = name }
    }

    @Model final class Nullified {
        var name: String
        var parent: Parent?

        init(name: String) { self.name = name }
    }

    @Model final class Cascaded {
        var name: String
        var parent: Parent?
        @Relationship(deleteRule: .cascade) var leaves: [Leaf] = []

        init(name: String) { self.name = name }
    }

    @Model final class Leaf {
        var name: String
        var owner: Cascaded?

        init(name: String) { self.name = name }
    }

    @Model final class Denied {
        var name: String
        var parent: Parent?

        init(name: String) { self.name = name }
    }

    @Model final class Untouched {
        var name: String
        var parent: Parent?

        init(name: String) { self.name = name }
    }
}
