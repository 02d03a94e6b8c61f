import Foundation
import Observation
import Strata
import Testing

/// A habit tracker's model: the common attribute types an app declares, required and optional, beside an enum, a
/// Codable struct and a `let`, so each kind of stored value goes through a write, a save, a rollback and a read.
enum Habits {
    enum Frequency: String, Codable {
        case daily, weekly
    }

    struct Reminder: Codable, Equatable {
        var hour: Int
        var minute: Int
    }

    @Model final class Habit {
        @Attribute(.unique) var id: UUID
        let createdAt: Date
        var name: String
        var notes: String?
        var target: Int
        var streak: Int?
        var weight: Double
        var bestScore: Double?
        var archived: Bool
        var paused: Bool?
        var lastDone: Date?
        var icon: Data?
        var sharedWith: UUID?
        var frequency: Frequency
        var reminder: Reminder?

        init(name: String, target: Int, createdAt: Date) {
            id = UUID()
            self.createdAt = createdAt
            self.name = name
            self.target = target
            weight = 1
            archived = false
            frequency = .daily
        }
    }
}

/// A model object's attribute values, held unboxed for the common types (`AttributeValue`), read, written,
/// saved, rolled back and observed through the public API as before.
@Suite struct TypedStorageTests {
    let directory = TemporaryDirectory()
    let created = Date(timeIntervalSinceReferenceDate: 786_000_000.25)

    /// A saved habit with every optional nil, and a second one with every optional set.
    func savedHabits(_ context: ModelContext) throws -> (bare: Habits.Habit, full: Habits.Habit) {
        let bare = Habits.Habit(name: "Read", target: 20, createdAt: created)
        let full = Habits.Habit(name: "Run", target: 5, createdAt: created)
        full.notes = "before breakfast"
        full.streak = 12
        full.bestScore = 9.5
        full.paused = true
        full.lastDone = Date(timeIntervalSinceReferenceDate: 786_100_000)
        full.icon = Data([0xF0, 0x9F, 0x8F, 0x83])
        full.sharedWith = UUID(uuidString: "6B1F0C4E-2D9A-4C3B-9E0F-1A2B3C4D5E6F")
        full.frequency = .weekly
        full.reminder = Habits.Reminder(hour: 7, minute: 30)
        context.insert(bare)
        context.insert(full)
        try context.save()
        return (bare, full)
    }

    @Test func changesReadBackBeforeAndAfterASaveInAnotherContext() throws {
        let url = directory.store()
        let id: UUID
        do {
            let context = ModelContext(try openContainer(Habits.Habit.self, at: url))
            let (bare, full) = try savedHabits(context)
            id = bare.id
            bare.name = "Read fiction"
            bare.notes = "a chapter"
            bare.streak = 3
            bare.weight = 2.5
            bare.archived = true
            bare.lastDone = created
            bare.icon = Data()
            bare.frequency = .weekly
            bare.reminder = Habits.Reminder(hour: 21, minute: 0)
            full.notes = nil
            full.streak = nil
            full.paused = nil
            full.sharedWith = nil
            full.reminder = nil
            #expect(bare.name == "Read fiction" && bare.notes == "a chapter" && bare.streak == 3)
            #expect(bare.weight == 2.5 && bare.archived && bare.icon == Data() && bare.frequency == .weekly)
            #expect(full.notes == nil && full.streak == nil && full.paused == nil && full.sharedWith == nil)
            try context.save()
        }
        let context = ModelContext(try openContainer(Habits.Habit.self, at: url))
        let habits = try context.fetch(FetchDescriptor<Habits.Habit>(sortBy: [SortDescriptor(\.target)]))
        #expect(habits.map(\.name) == ["Run", "Read fiction"])
        let (full, bare) = (habits[0], habits[1])
        #expect(bare.id == id && bare.createdAt == created && bare.target == 20)
        #expect(bare.notes == "a chapter" && bare.streak == 3 && bare.weight == 2.5 && bare.archived)
        #expect(bare.lastDone == created && bare.icon == Data() && bare.frequency == .weekly)
        #expect(bare.reminder == Habits.Reminder(hour: 21, minute: 0) && bare.bestScore == nil)
        #expect(full.notes == nil && full.streak == nil && full.paused == nil && full.sharedWith == nil)
        #expect(full.reminder == nil && full.bestScore == 9.5 && full.icon == Data([0xF0, 0x9F, 0x8F, 0x83]))
        #expect(full.lastDone == Date(timeIntervalSinceReferenceDate: 786_100_000))
        #expect(try context.fetchCount(FetchDescriptor<Habits.Habit>(predicate: #Predicate { $0.notes == nil })) == 1)
    }

    @Test func rollbackRestoresEveryKindOfValue() throws {
        let context = ModelContext(try openContainer(Habits.Habit.self, at: directory.store()))
        let (bare, full) = try savedHabits(context)
        bare.name = "Skim"
        bare.notes = "later"
        bare.target = 1
        bare.streak = 40
        bare.archived = true
        bare.paused = false
        bare.icon = Data([1])
        bare.sharedWith = full.sharedWith
        bare.frequency = .weekly
        bare.reminder = Habits.Reminder(hour: 6, minute: 5)
        full.notes = nil
        full.bestScore = nil
        full.lastDone = nil
        full.frequency = .daily
        full.name = "Sprint"
        full.name = "Jog"
        context.rollback()
        #expect(!context.hasChanges)
        #expect(bare.name == "Read" && bare.notes == nil && bare.target == 20 && bare.streak == nil)
        #expect(!bare.archived && bare.paused == nil && bare.icon == nil && bare.sharedWith == nil)
        #expect(bare.frequency == .daily && bare.reminder == nil)
        #expect(full.name == "Run" && full.notes == "before breakfast" && full.bestScore == 9.5)
        #expect(full.lastDone == Date(timeIntervalSinceReferenceDate: 786_100_000) && full.frequency == .weekly)
        // Nothing rolled back reaches the store.
        try context.save()
        let stored = try ModelContext(context.container).fetch(
            FetchDescriptor<Habits.Habit>(predicate: #Predicate { $0.name == "Read" }))
        #expect(stored.count == 1 && stored.first?.notes == nil && stored.first?.streak == nil)
    }

    @Test func fetchedObjectsNotifyTheirObservers() throws {
        let url = directory.store()
        _ = try savedHabits(ModelContext(try openContainer(Habits.Habit.self, at: url)))
        let context = ModelContext(try openContainer(Habits.Habit.self, at: url))
        let habit = try #require(
            try context.fetch(FetchDescriptor<Habits.Habit>(predicate: #Predicate { $0.name == "Run" })).first)
        let streakChanges = ObservableModelTests.Changes()
        let notesChanges = ObservableModelTests.Changes()
        withObservationTracking {
            _ = habit.streak
        } onChange: {
            streakChanges.record()
        }
        withObservationTracking {
            _ = habit.notes
        } onChange: {
            notesChanges.record()
        }
        habit.streak = 13
        #expect(streakChanges.count == 1 && notesChanges.count == 0 && habit.streak == 13)
        context.rollback()
        #expect(notesChanges.count == 1 && habit.streak == 12)
    }
}
