import Foundation
import Testing

@testable import Strata

/// `ExactCast` gives what `as?` gives for every value a model stores, whether the fast path (the value is exactly
/// of the type asked for) or the fallback (Optional layers, subclasses, protocols, mismatches) answers.
@Suite struct ExactCastTests {
    class Animal {}
    final class Dog: Animal {}
    enum Mood: String, Codable { case calm }
    struct Address: Codable, Equatable {
        var street: String
        var tags: [String]
    }

    @Test func valuesOfExactlyTheAskedTypeComeBackUnchanged() {
        let uuid = UUID()
        let date = Date(timeIntervalSince1970: 1_700_000_000.25)
        let long = String(repeating: "long text that lives on the heap ", count: 4)
        #expect(ExactCast.cast("short" as Any, to: String.self) == "short")
        #expect(ExactCast.cast(long as Any, to: String.self) == long)
        #expect(ExactCast.cast(42 as Any, to: Int.self) == 42)
        #expect(ExactCast.cast(2.5 as Any, to: Double.self) == 2.5)
        #expect(ExactCast.cast(true as Any, to: Bool.self) == true)
        #expect(ExactCast.cast(uuid as Any, to: UUID.self) == uuid)
        #expect(ExactCast.cast(date as Any, to: Date.self) == date)
        #expect(ExactCast.cast(Data([0, 1, 255]) as Any, to: Data.self) == Data([0, 1, 255]))
        #expect(ExactCast.cast(Mood.calm as Any, to: Mood.self) == .calm)
        // Larger than an existential's inline buffer: stored out of line in the `Any`.
        let address = Address(street: "1 Infinite Loop", tags: ["a", "b"])
        #expect(ExactCast.cast(address as Any, to: Address.self) == address)
        #expect(ExactCast.cast(Decimal(string: "12.50")! as Any, to: Decimal.self) == Decimal(string: "12.50"))
    }

    @Test func otherValuesGetWhatAsGives() {
        let dog = Dog()
        #expect(ExactCast.cast(dog as Any, to: Animal.self) === dog)
        #expect(ExactCast.cast(Optional("wrapped") as Any, to: String.self) == "wrapped")
        #expect(ExactCast.cast("plain" as Any, to: String?.self) == .some("plain"))
        #expect(ExactCast.cast(7 as Any, to: (any Equatable).self) as? Int == 7)
        #expect(ExactCast.cast(7 as Any, to: String.self) == nil)
        #expect(ExactCast.cast(Optional<Int>.none as Any, to: Int.self) == nil)
        #expect(ExactCast.cast(Animal() as Any, to: Dog.self) == nil)
    }

    /// A fetched optional attribute holds its wrapped type's value: asked for the optional, the value comes back
    /// wrapped once, and whatever is not exactly the wrapped type gets what `as?` gives.
    @Test func optionalsOfTheStoredTypeAreWrapped() throws {
        let uuid = UUID()
        #expect(ExactCast.cast("plain" as Any, to: String?.self) == .some(.some("plain")))
        #expect(ExactCast.cast(uuid as Any, to: UUID?.self) == .some(.some(uuid)))
        #expect(ExactCast.cast(2.5 as Any, to: Double?.self) == .some(.some(2.5)))
        #expect(ExactCast.cast(Optional("once") as Any, to: String??.self) == .some(.some(.some("once"))))
        #expect(ExactCast.cast(Optional<String>.none as Any, to: String?.self) == .some(.none))
        #expect(ExactCast.cast(7 as Any, to: String?.self) == nil)
        let dog = Dog()
        let animal = try #require(ExactCast.cast(dog as Any, to: Animal?.self))
        #expect(animal === dog)
    }
}
