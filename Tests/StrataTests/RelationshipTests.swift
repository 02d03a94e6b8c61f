import Foundation
import GRDB
import Testing

@testable import Strata

/// Relationships keep both sides in step in memory, are stored as the layout says, and read back from either side.
@Suite struct RelationshipTests {
    let directory = TemporaryDirectory()

    @Test func oneToOneInferredInverse() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Person.self, at: url))
            let person = Links.Person(name: "Ada")
            let passport = Links.Passport(number: "P1")
            context.insert(person)
            person.passport = passport
            #expect(passport.owner === person)
            try context.save()
            #expect(passport.persistentModelID.isTemporary == false)
            #expect(passport.owner === person)
        }
        let context = ModelContext(try openContainer(Links.Person.self, at: url))
        let passports = try context.fetch(FetchDescriptor<Links.Passport>())
        #expect(passports.map(\.number) == ["P1"])
        #expect(passports.first?.owner?.name == "Ada")
        #expect(passports.first?.owner?.passport === passports.first)
    }

    @Test func oneToManyBothSidesInStep() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Folder.self, at: url))
            let folder = Links.Folder(name: "Inbox")
            context.insert(folder)
            let first = Links.Note(text: "one", folder: folder)
            let second = Links.Note(text: "two")
            folder.notes.append(second)
            #expect(folder.notes.map(\.text) == ["one", "two"])
            #expect(second.folder === folder)
            #expect(first.folder === folder)
            try context.save()
            #expect(folder.notes.map(\.text) == ["one", "two"])
            #expect(second.folder === folder)
            // Moving a note to another folder removes it from the first.
            let archive = Links.Folder(name: "Archive")
            context.insert(archive)
            first.folder = archive
            #expect(folder.notes.map(\.text) == ["two"])
            #expect(archive.notes.map(\.text) == ["one"])
            try context.save()
        }
        let context = ModelContext(try openContainer(Links.Folder.self, at: url))
        let notes = try context.fetch(FetchDescriptor<Links.Note>(sortBy: [SortDescriptor(\.text)]))
        #expect(notes.map { $0.folder?.name } == ["Archive", "Inbox"])
        let folders = try context.fetch(FetchDescriptor<Links.Folder>(sortBy: [SortDescriptor(\.name)]))
        #expect(folders.map { $0.notes.map(\.text) } == [["one"], ["two"]])
        #expect(try rowCount("Note", at: url) == 2)
    }

    @Test func manyToManyUsesAJoinTable() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Student.self, at: url))
            let ada = Links.Student(name: "Ada")
            let alan = Links.Student(name: "Alan")
            let math = Links.Course(title: "Math")
            let logic = Links.Course(title: "Logic")
            context.insert(ada)
            context.insert(alan)
            ada.courses = [math, logic]
            alan.courses.append(logic)
            #expect(math.students.map(\.name) == ["Ada"])
            #expect(logic.students.map(\.name) == ["Ada", "Alan"])
            try context.save()
            #expect(logic.students.map(\.name) == ["Ada", "Alan"])
        }
        let joinTables = try DatabaseQueue(path: url.path).read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE '\\_strata%' ESCAPE '\\'"
            )
        }
        #expect(joinTables.count == 1)
        #expect(try rowCount(joinTables[0], at: url) == 3)
        let context = ModelContext(try openContainer(Links.Student.self, at: url))
        let courses = try context.fetch(FetchDescriptor<Links.Course>(sortBy: [SortDescriptor(\.title)]))
        #expect(courses.map(\.title) == ["Logic", "Math"])
        #expect(courses.map { $0.students.map(\.name).sorted() } == [["Ada", "Alan"], ["Ada"]])
        let students = try context.fetch(FetchDescriptor<Links.Student>(sortBy: [SortDescriptor(\.name)]))
        #expect(students.map { $0.courses.map(\.title) } == [["Math", "Logic"], ["Logic"]])
        // Removing from one side updates the other and the join table.
        students[0].courses.removeAll { $0.title == "Logic" }
        #expect(courses[0].students.map(\.name) == ["Alan"])
        try context.save()
        #expect(try rowCount(joinTables[0], at: url) == 2)
    }

    @Test func toManyWithoutInverse() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Playlist.self, at: url))
            let playlist = Links.Playlist(name: "Mix")
            context.insert(playlist)
            playlist.songs = [Links.Song(title: "B"), Links.Song(title: "A"), Links.Song(title: "C")]
            try context.save()
            #expect(try context.fetchCount(FetchDescriptor<Links.Song>()) == 3)
        }
        #expect(try rowCount("_Playlist_songs", at: url) == 3)
        let context = ModelContext(try openContainer(Links.Playlist.self, at: url))
        let playlist = try #require(try context.fetch(FetchDescriptor<Links.Playlist>()).first)
        #expect(playlist.songs.map(\.title) == ["B", "A", "C"])
        #expect(Schema(Links.Playlist.self).entitiesByName["Playlist"]?.relationship(named: "songs")?.inverse == nil)
    }

    @Test func optionalToMany() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Team.self, at: url))
            let team = Links.Team(name: "Red")
            context.insert(team)
            #expect(team.members?.isEmpty == true)
            let member = Links.Member(name: "Zoe")
            team.members?.append(member)
            #expect(member.team === team)
            let other = Links.Member(name: "Yan")
            other.team = team
            #expect(team.members?.map(\.name) == ["Zoe", "Yan"])
            try context.save()
        }
        let context = ModelContext(try openContainer(Links.Team.self, at: url))
        let team = try #require(try context.fetch(FetchDescriptor<Links.Team>()).first)
        #expect(team.members?.map(\.name) == ["Zoe", "Yan"])
        let members = try context.fetch(FetchDescriptor<Links.Member>())
        #expect(members.map { $0.team?.name } == ["Red", "Red"])
        team.members = nil
        #expect(members.allSatisfy { $0.team == nil })
        try context.save()
        let reopened = ModelContext(try openContainer(Links.Team.self, at: url))
        #expect(try reopened.fetch(FetchDescriptor<Links.Member>()).map { $0.team == nil } == [true, true])
        #expect(try reopened.fetch(FetchDescriptor<Links.Team>()).first?.members?.isEmpty == true)
    }

    @Test func selfReferencingTree() throws {
        let url = directory.store()
        do {
            let context = ModelContext(try openContainer(Links.Node.self, at: url))
            let root = Links.Node(name: "root")
            context.insert(root)
            _ = Links.Node(name: "a", parent: root)
            _ = Links.Node(name: "b", parent: root)
            #expect(root.children.map(\.name) == ["a", "b"])
            try context.save()
        }
        let context = ModelContext(try openContainer(Links.Node.self, at: url))
        let nodes = try context.fetch(FetchDescriptor<Links.Node>(sortBy: [SortDescriptor(\.name)]))
        #expect(nodes.map(\.name) == ["a", "b", "root"])
        #expect(nodes.map { $0.parent?.name } == ["root", "root", nil])
        #expect(nodes[2].children.map(\.name) == ["a", "b"])
    }

    @Test func inferredInversesInTheSchema() throws {
        let schema = Schema(Links.Folder.self, Links.Student.self, Links.Person.self)
        #expect(schema.entitiesByName["Folder"]?.relationship(named: "notes")?.inverse == "folder")
        #expect(schema.entitiesByName["Note"]?.relationship(named: "folder")?.inverse == "notes")
        #expect(schema.entitiesByName["Course"]?.relationship(named: "students")?.inverse == "courses")
        #expect(schema.entitiesByName["Passport"]?.relationship(named: "owner")?.inverse == "passport")
    }

    @Test func ambiguousInverseIsInvalidSchema() throws {
        let url = directory.store()
        let error = try #require(throws: StrataError.self) { try openContainer(Ambiguous.Flight.self, at: url) }
        guard case .invalidSchema(let problems) = error else {
            Issue.record("expected invalidSchema, got \(error)")
            return
        }
        let text = problems.joined(separator: "\n")
        #expect(text.contains("Flight.origin"))
        #expect(text.contains("Flight.destination"))
        #expect(text.contains("Airport.departures"))
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }
}
