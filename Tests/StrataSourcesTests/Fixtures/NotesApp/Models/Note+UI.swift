import SwiftUI

extension Note {
    var accent: Color { priority == .high ? .orange : .secondary }
}
