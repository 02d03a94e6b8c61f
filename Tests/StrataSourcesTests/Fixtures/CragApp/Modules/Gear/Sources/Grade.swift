import Foundation
import SwiftUI

/// How hard a climb is, on the French scale, as the logbook stores it.
public enum Grade: String, Codable, CaseIterable {
    case five = "5"
    case sixA = "6a"
    case sevenA = "7a"

    /// The points a clean ascent scores.
    public var points: Int {
        switch self {
        case .five: 50
        case .sixA: 100
        case .sevenA: 250
        }
    }

    /// The badge colour in the logbook.
    public var tint: Color {
        switch self {
        case .five: .green
        case .sixA: .orange
        case .sevenA: .red
        }
    }
}
