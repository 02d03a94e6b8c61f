import SwiftUI
import UIKit
import SwiftData

// This file does not compile: an unfinished edit in the middle of a view.
struct PhotoView: View {
    let photo: Photo
    var body: some View {
        Image(uiImage: photo.thumbnail ?? UIImage(
    }
}
