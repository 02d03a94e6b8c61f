import Foundation

/// Kitchen measures shared by the app's packages.
public enum Portion {
    /// Grams in one ounce.
    public static let gramsPerOunce = 28.349523125

    /// `ounces` in whole grams.
    public static func grams(fromOunces ounces: Double) -> Int {
        Int((ounces * gramsPerOunce).rounded())
    }

    /// The size a recipe of `grams` serves, in words.
    public static func size(grams: Int) -> String {
        grams < 60 ? "snack" : "meal"
    }
}
