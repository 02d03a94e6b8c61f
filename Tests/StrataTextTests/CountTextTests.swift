import StrataText
import Testing

/// Counts as people read them: thousands grouped, singular for one, and a stage's count named as row writes.
@Suite struct CountTextTests {
    @Test func groupsThousandsWhateverTheLocale() {
        #expect(CountText.grouped(0) == "0")
        #expect(CountText.grouped(999) == "999")
        #expect(CountText.grouped(1000) == "1,000")
        #expect(CountText.grouped(200_000) == "200,000")
        #expect(CountText.grouped(1_234_567) == "1,234,567")
        #expect(CountText.grouped(-45_000) == "-45,000")
        #expect(CountText.grouped(Int.min) == "-9,223,372,036,854,775,808")
    }

    @Test func saysOneInTheSingular() {
        #expect(CountText.plural(1, "entity", "entities") == "1 entity")
        #expect(CountText.plural(0, "entity", "entities") == "0 entities")
        #expect(CountText.plural(12_000, "row", "rows") == "12000 rows")
        #expect(CountText.plural(12_000, "row", "rows", grouped: true) == "12,000 rows")
        #expect(CountText.rows(1) == "1 row")
        #expect(CountText.rows(200_000, grouped: true) == "200,000 rows")
    }

    /// A stage that saves 50 recipes in `willMigrate` and again in `didMigrate` has written 100 rows.
    @Test func aStageCountIsRowWrites() {
        #expect(CountText.rowWrites(100) == "100 row writes")
        #expect(CountText.rowWrites(1) == "1 row write")
        #expect(CountText.rowWrites(0) == "0 row writes")
        #expect(CountText.rowWrites(200_000, grouped: true) == "200,000 row writes")
        #expect(CountText.rowWrites(200_000, grouped: true, short: true) == "200,000 writes")
        #expect(CountText.rowWrites(1, short: true) == "1 write")
    }
}
