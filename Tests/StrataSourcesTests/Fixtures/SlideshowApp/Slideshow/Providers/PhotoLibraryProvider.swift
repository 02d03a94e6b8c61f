import Photos
import UIKit

/// Slides from the device's photo library (`photos://` links to an album's local identifier).
struct PhotoLibraryProvider: SlideProvider {
  let collection: PHAssetCollection

  static func resolve(url: URL) -> SlideProvider? {
    guard url.scheme == "photos", let id = url.host else { return nil }
    let found = PHAssetCollection.fetchAssetCollections(withLocalIdentifiers: [id], options: nil)
    return found.firstObject.map(PhotoLibraryProvider.init(collection:))
  }

  func count() async throws -> Int {
    PHAsset.fetchAssets(in: collection, options: nil).count
  }

  func picture() async throws -> UIImage? {
    nil
  }
}
