import Foundation
import Strata

/// Models with every kind of relationship: one-to-one, one-to-many, many-to-many, without inverse, optional to-many.
enum Links {
    /// One-to-one, inverse inferred (the only relationship pointing back).
    @Model final class Person {
        var name: String
        var passport: Passport?

        init(name: String) { self.name = name }
    }

    @Model final class Passport {
        var number: String
        var owner: Person?

        init(number: String) { self.number = number }
    }

    /// One-to-many, inverse inferred.
    @Model final class Folder {
        var name: String
        var notes: [Note] = []

        init(name: String) { self.name = name }
    }

    @Model final class Note {
        var text: String
        var folder: Folder?

        init(text: String, folder: Folder? = nil) {
            self.text = text
            self.folder = folder
        }
    }

    /// Many-to-many, inverse inferred.
    @Model final class Student {
        var name: String
        var courses: [Course] = []

        init(name: String) { self.name = name }
    }

    @Model final class Course {
        var title: String
        var students: [Student] = []

        init(title: String) { self.title = title }
    }

    /// To-many without inverse.
    @Model final class Playlist {
        var name: String
        var songs: [Song] = []

        init(name: String) { self.name = name }
    }

    @Model final class Song {
        var title: String

        init(title: String) { self.title = title }
    }

    /// Optional to-many with a declared inverse.
    @Model final class Team {
        var name: String
        @Relationship(inverse: \Member.team) var members: [Member]? = []

        init(name: String) { self.name = name }
    }

    @Model final class Member {
        var name: String
        var team: Team?

        init(name: String) { self.name = name }
    }

    /// A self-referencing tree.
    @Model final class Node {
        var name: String
        var parent: Node?
        var children: [Node] = []

        init(name: String, parent: Node? = nil) {
            self.name = name
            self.parent = parent
        }
    }
}

/// Two relationships to the same entity and one pointing back: the inverse cannot be inferred.
enum Ambiguous {
    @Model final class Flight {
        var code: String
        var origin: Airport?
        var destination: Airport?

        init(code: String) { self.code = code }
    }

    @Model final class Airport {
        var name: String
        var departures: [Flight] = []

        init(name: String) { self.name = name }
    }
}
