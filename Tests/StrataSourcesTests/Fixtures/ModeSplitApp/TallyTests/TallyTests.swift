import Testing

@testable import Tally

struct TallyTests {
    @Test func countersStepByOne() {
        #expect(Counter(title: "Cups").step == 1)
    }
}
