import Testing

@testable import Ledger

@Test func newEntriesHaveNoCategory() {
    let entry = Entry(memo: "Rent", amountCents: 120_000, bookedAt: .now)
    #expect(entry.category == nil)
}
