import SwiftUI

extension Recipe {
    var tint: Color { difficulty == .hard ? .red : .green }
}
