import Foundation
import SwiftData
import UIKit

extension MigrationStage: @unchecked @retroactive Sendable {}

enum SlideMigrationPlan: SchemaMigrationPlan {
  static var schemas: [any VersionedSchema.Type] = [
    SlideSchemaV1.self,
    SlideSchemaV2.self,
  ]
  static var stages: [MigrationStage] = [
    splitSources
  ]

  /// Each slide's album, read before 2.0 drops the source.
  static var albums = [PersistentIdentifier: String]()

  static let splitSources = MigrationStage.custom(
    fromVersion: SlideSchemaV1.self, toVersion: SlideSchemaV2.self,
    willMigrate: { context in
      albums = [:]
      for slide in try context.fetch(FetchDescriptor<SlideSchemaV1.Slide>()) {
        albums[slide.persistentModelID] = slide.source.albumName
      }
    }
  ) { context in
    for (id, album) in albums {
      if let slide = context.model(for: id) as? Slide {
        slide.album = album
      }
    }
    try context.save()
    albums = [:]
  }
}

typealias Slide = SlideSchemaV2.Slide

struct SlideSchemaV1: VersionedSchema {
  static var models: [any PersistentModel.Type] = [Slide.self]

  static var versionIdentifier: Schema.Version = .init(1, 0, 0)

  @Model
  final class Slide: Sendable {
    @Attribute(.unique)
    var url: URL
    var source: Source

    init(url: URL, source: Source) {
      self.url = url
      self.source = source
    }
  }

  enum Source: Codable, Hashable {
    case album(String)
    case shared(owner: String)
    case none

    /// The album 2.0 files the slide under.
    var albumName: String {
      switch self {
      case .album(let name):
        return name
      case .shared(let owner):
        return "Shared by \(owner)"
      case .none:
        return "Unsorted"
      }
    }
  }
}

struct SlideSchemaV2: VersionedSchema {
  static var models: [any PersistentModel.Type] = [Slide.self]
  static var versionIdentifier: Schema.Version = .init(2, 0, 0)

  @Model
  final class Slide: Sendable {
    @Attribute(.unique)
    var url: URL
    var album: String = ""
    var showCount: Int?

    init(url: URL, album: String = "", showCount: Int? = nil) {
      self.url = url
      self.album = album
      self.showCount = showCount
    }
  }
}

/// Loads the slides' pictures from whichever provider knows their links.
final class SlideLoader {
  static let shared = SlideLoader(providers: [PhotoLibraryProvider.self, WebAlbumProvider.self])

  private init(providers: [SlideProvider.Type]) {
    self.providers = providers
  }

  private let providers: [SlideProvider.Type]
  private var resolved: [URL: any SlideProvider] = [:]

  func canShow(_ url: URL) -> Bool {
    provider(for: url) != nil
  }

  private func provider(for url: URL) -> SlideProvider? {
    if let known = resolved[url] { return known }
    for candidate in providers {
      if let found = candidate.resolve(url: url) {
        resolved[url] = found
        return found
      }
    }
    return nil
  }

  func showCount(of slide: Slide) async -> Int? {
    if let count = slide.showCount { return count }
    guard let provider = provider(for: slide.url), let count = try? await provider.count() else { return nil }
    slide.showCount = count
    return count
  }

  func picture(for slide: Slide) async -> UIImage? {
    guard let provider = provider(for: slide.url) else { return nil }
    return try? await provider.picture()
  }
}

protocol SlideProvider {
  static func resolve(url: URL) -> SlideProvider?
  func count() async throws -> Int
  func picture() async throws -> UIImage?
}
