import Foundation

/// Converts the loads users entered in either unit.
enum WeightUnit {
    static let kilogramsPerPound = 0.45359237

    /// `value` in kilograms, to a tenth: odd unit codes were pounds, even ones kilograms.
    static func kilograms(_ value: Double, unitCode: Int) -> Double {
        let kilograms = unitCode % 2 == 1 ? value * kilogramsPerPound : value
        return (kilograms * 10).rounded() / 10
    }
}
