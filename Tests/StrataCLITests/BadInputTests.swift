import Testing

/// Wrong files and names: a message that says what is wrong and the documented exit status.
@Suite struct BadInputTests {
    @Test(arguments: [
        ["info"], ["plan", "--plan", "bookshelf"], ["migrate", "--plan", "bookshelf", "--dry-run"], ["rows", "Book"],
    ])
    func missingFileIsAStoreProblem(command: [String]) throws {
        let directory = try TemporaryStore()
        let missing = directory.path("missing.store")
        let run = try CommandRun.strata([command[0], missing] + command.dropFirst())
        #expect(run.status == 3)
        #expect(run.standardError.contains("\(missing) is not a Strata store: the file does not exist"))
        #expect(run.standardOutput.isEmpty)
    }

    @Test(arguments: [
        ["info"], ["plan", "--plan", "trips"], ["migrate", "--plan", "trips", "--yes"], ["rows", "Trip"],
    ])
    func randomBytesAreAStoreProblem(command: [String]) throws {
        let directory = try TemporaryStore()
        var generator = SystemRandomNumberGenerator()
        let junk = try directory.file(
            "junk.store", bytes: (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let before = TemporaryStore.digests(of: junk)
        let run = try CommandRun.strata([command[0], junk] + command.dropFirst())
        #expect(run.status == 3)
        #expect(run.standardError.contains("is not a Strata store"))
        #expect(TemporaryStore.digests(of: junk) == before)
    }

    @Test func unknownPlanListsTheKnownOnes() throws {
        let run = try CommandRun.strata("check", "--plan", "nope")
        #expect(run.status == 2)
        #expect(run.standardError.contains("unknown plan 'nope'; known plans: "))
        #expect(run.standardError.contains("bookshelf") && run.standardError.contains("trips"))
    }

    @Test func unknownVersionListsThePlansVersions() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(rows: 2)
        for arguments in [
            ["diff", "--plan", "bookshelf", "1.0.0", "9.0.0"], ["plan", store, "--plan", "bookshelf", "--to", "9"],
            ["migrate", store, "--plan", "bookshelf", "--to", "9.0.0", "--dry-run"],
        ] {
            let run = try CommandRun.strata(arguments)
            #expect(run.status == 2)
            #expect(
                run.standardError.contains("plan bookshelf has no version 9.0.0; its versions are 1.0.0, 2.0.0, 3.0.0"))
        }
        let garbled = try CommandRun.strata("diff", "--plan", "bookshelf", "one", "2.0.0")
        #expect(garbled.status == 2)
        #expect(garbled.standardError.contains("'one' is not a version like 1.2.0"))
    }

    @Test func unknownEntityListsTheStoresEntities() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "trips", rows: 2)
        let run = try CommandRun.strata("rows", store, "Nope")
        #expect(run.status == 2)
        #expect(run.standardError.contains("\(store) has no entity 'Nope'; its entities are "))
        #expect(run.standardError.contains("Trip"))
        // Names from the command line reach the terminal with their escape sequences made visible.
        let hostile = try CommandRun.strata("rows", store, "Nope\u{1B}[2J")
        #expect(hostile.status == 2)
        #expect(hostile.standardError.contains("has no entity 'Nope\\u{1b}[2J'"))
        #expect(!hostile.standardError.unicodeScalars.contains("\u{1B}"))
    }

    @Test func storeOfAnotherPlanIsAFinding() throws {
        let directory = try TemporaryStore()
        let store = try directory.demoStore(plan: "trips", rows: 2)
        for command in [
            ["plan", store, "--plan", "bookshelf"], ["migrate", store, "--plan", "bookshelf", "--dry-run"],
        ] {
            let run = try CommandRun.strata(command)
            #expect(run.status == 1)
            #expect(
                run.standardError.hasPrefix(
                    "error: \(store) (at 1.0.0) matches no version of plan bookshelf: open it with the plan it was made with."
                ), "\(run.standardError)")
            #expect(!run.standardError.contains("strata-copy"))
        }
    }
}
