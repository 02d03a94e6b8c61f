import Foundation
import UIKit

/// Slides from a shared web album: its JSON feed lists the pictures.
struct WebAlbumProvider: SlideProvider {
  let feed: URL

  static func resolve(url: URL) -> SlideProvider? {
    url.scheme == "https" ? WebAlbumProvider(feed: url.appendingPathComponent("feed.json")) : nil
  }

  func count() async throws -> Int {
    let (data, _) = try await URLSession.shared.data(from: feed)
    return try JSONDecoder().decode([String].self, from: data).count
  }

  func picture() async throws -> UIImage? {
    let (data, _) = try await URLSession.shared.data(from: feed)
    return UIImage(data: data)
  }
}
