import SwiftData

/// The app and its widget name the latest version's model through this alias.
typealias Specimen = HerbariumSchemaV2.Specimen
