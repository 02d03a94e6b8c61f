import Combine
import SwiftUI

/// What the Settings screen stores: the daily page goal and how many books were finished, kept in the app's defaults.
public final class ShelfSettings: ObservableObject {
    public static let shared = ShelfSettings()

    @AppStorage("dailyPageGoal") public var dailyPageGoal = 20
    @AppStorage("finishedCount") public var finishedCount = 0
}
