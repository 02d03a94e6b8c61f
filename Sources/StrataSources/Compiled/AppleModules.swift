import SwiftSyntax

/// The modules of Apple's platforms that Linux lacks, in one place: the compiled level drops their imports (the
/// line becomes `import Strata`, which re-exports Foundation as most of them do), provides a shim for the few whose
/// API stages use (logging, Combine's `ObservableObject`), and, when the build fails in a file that imported one,
/// says which of them the file imported.
enum AppleModules {
    /// Every module an app's file may import that does not exist on Linux. (`Observation`, `Dispatch`, `Foundation`
    /// and `RegexBuilder` do; `SwiftData` becomes `Strata`.)
    static let unavailable: Set<String> = [
        "AVFoundation", "AVKit", "Accelerate", "Accessibility", "ActivityKit", "AppIntents", "AppKit",
        "AppTrackingTransparency",
        "ARKit", "AuthenticationServices", "BackgroundTasks", "CallKit", "CarPlay", "Charts", "ClockKit", "CloudKit",
        "Cocoa", "Combine", "Contacts", "ContactsUI", "CoreBluetooth", "CoreData", "CoreGraphics", "CoreHaptics",
        "CoreImage", "CoreLocation", "CoreML", "CoreMedia", "CoreMotion", "CoreNFC", "CoreServices", "CoreSpotlight",
        "CoreTelephony", "CoreText", "CoreTransferable", "CoreVideo", "CryptoKit", "DeviceActivity", "EventKit",
        "EventKitUI", "FamilyControls", "FoundationModels", "GameController", "GameKit", "GameplayKit",
        "GroupActivities",
        "HealthKit", "HealthKitUI", "HomeKit", "ImageIO", "Intents", "IntentsUI", "LinkPresentation",
        "LocalAuthentication", "MapKit", "MediaPlayer", "MessageUI", "Messages", "Metal", "MetalKit", "MetricKit",
        "MobileCoreServices", "MultipeerConnectivity", "MusicKit", "NaturalLanguage", "Network", "NotificationCenter",
        "OSLog", "PDFKit", "PassKit", "PencilKit", "Photos", "PhotosUI", "QuartzCore", "QuickLook",
        "QuickLookThumbnailing", "RealityKit", "SafariServices", "SceneKit", "Security", "SensitiveContentAnalysis",
        "Social", "SoundAnalysis", "Speech", "SpriteKit", "StoreKit", "SwiftUI", "SystemConfiguration", "TipKit",
        "Translation", "UIKit", "UniformTypeIdentifiers", "UserNotifications", "Vision", "VisionKit",
        "WatchConnectivity",
        "WatchKit", "WeatherKit", "WebKit", "WidgetKit", "os",
    ]

    /// The attributes and macros of modules Linux lacks, by name, with their module: dropped from a declaration of a
    /// file whose import of that module was dropped (`@Generable` on a stored enum describes it to an on-device model,
    /// which no migration uses).
    static let attributes: [String: String] = ["Generable": "FoundationModels", "Guide": "FoundationModels"]

    /// Types of modules Linux lacks that models and their helpers mention in members no migration needs (a model's
    /// computed `color: Color`, a constants enum's `SensoryFeedback`), by name, with their module: a member of a needed
    /// type that no plan, stage or stored property needs and that names one of them is left out of the build.
    static let typeNames: [String: String] = {
        var names: [String: String] = [:]
        let swiftUI = [
            "Alignment", "Angle", "AngularGradient", "Animation", "AnyShapeStyle", "AnyView", "Binding", "Color",
            "ColorScheme", "ContentMode", "DynamicTypeSize", "EdgeInsets", "Environment", "EnvironmentValues",
            "Font", "Gradient", "HorizontalAlignment", "Image", "LinearGradient", "LocalizedStringKey", "Material",
            "RadialGradient", "ScenePhase", "SensoryFeedback", "ShapeStyle", "SymbolRenderingMode", "Text",
            "UnitPoint", "VerticalAlignment", "View",
        ]
        for name in swiftUI { names[name] = "SwiftUI" }
        for name in ["UIColor", "UIImage", "UIFont", "UIApplication", "UIDevice", "UIScreen", "UIView"] {
            names[name] = "UIKit"
        }
        for name in ["NSColor", "NSImage", "NSFont", "NSView"] { names[name] = "AppKit" }
        for name in ["UTType"] { names[name] = "UniformTypeIdentifiers" }
        for name in ["CGColor", "CGImage"] { names[name] = "CoreGraphics" }
        for name in ["CLLocation", "CLLocationCoordinate2D", "CLLocationManager"] { names[name] = "CoreLocation" }
        for name in ["MKCoordinateRegion", "MKMapItem", "MKPlacemark"] { names[name] = "MapKit" }
        for name in ["HKHealthStore", "HKQuantityType", "HKUnit", "HKWorkoutActivityType"] { names[name] = "HealthKit" }
        for name in ["UNUserNotificationCenter", "UNNotificationRequest"] { names[name] = "UserNotifications" }
        for name in ["WidgetCenter"] { names[name] = "WidgetKit" }
        for name in ["PhotosPickerItem"] { names[name] = "PhotosUI" }
        for name in ["Tips"] { names[name] = "TipKit" }
        for name in ["IntentDonationManager"] { names[name] = "AppIntents" }
        for name in ["ActivityAuthorizationInfo", "ActivityContent"] { names[name] = "ActivityKit" }
        for name in ["BGTaskScheduler", "BGAppRefreshTaskRequest", "BGProcessingTaskRequest"] {
            names[name] = "BackgroundTasks"
        }
        for name in ["ATTrackingManager"] { names[name] = "AppTrackingTransparency" }
        for name in ["PKDrawing"] { names[name] = "PencilKit" }
        for name in [
            "NSManagedObject", "NSManagedObjectContext", "NSManagedObjectID", "NSPersistentContainer",
            "NSPersistentCloudKitContainer", "NSPersistentStoreCoordinator", "NSFetchRequest", "NSEntityDescription",
            "NSBatchDeleteRequest", "NSFetchedResultsController",
        ] {
            names[name] = "CoreData"
        }
        for name in ["NSWindow", "NSApplication", "NSWorkspace", "NSPasteboard", "NSViewController", "NSScreen"] {
            names[name] = "AppKit"
        }
        return names
    }()

    /// The prefixes of the types of modules Linux lacks (`CK` for CloudKit's `CKRecord`), by module: in a file
    /// importing the module, a name of the prefix followed by a capital letter is one of its types (see
    /// ``prefixedTypes(in:)``), so the members naming it are weighed like those naming ``typeNames``.
    static let typePrefixes: [String: [String]] = [
        "ARKit": ["AR"], "AVFoundation": ["AV"], "AVKit": ["AV"], "AuthenticationServices": ["AS"],
        "CloudKit": ["CK"], "Contacts": ["CN"], "ContactsUI": ["CN"], "CoreBluetooth": ["CB"], "CoreHaptics": ["CH"],
        "CoreImage": ["CI"], "CoreLocation": ["CL"], "CoreML": ["ML"], "CoreMedia": ["CM"], "CoreMotion": ["CM"],
        "CoreNFC": ["NFC"], "CoreSpotlight": ["CS"], "EventKit": ["EK"], "EventKitUI": ["EK"], "GameController": ["GC"],
        "GameKit": ["GK"], "HealthKit": ["HK"], "HealthKitUI": ["HK"], "Intents": ["IN"], "IntentsUI": ["IN"],
        "LinkPresentation": ["LP"], "LocalAuthentication": ["LA"], "MapKit": ["MK"], "MediaPlayer": ["MP"],
        "MessageUI": ["MF"], "MetricKit": ["MX"], "MultipeerConnectivity": ["MC"], "NaturalLanguage": ["NL"],
        "PDFKit": ["PDF"], "PassKit": ["PK"], "PencilKit": ["PK"], "Photos": ["PH"], "PhotosUI": ["PH"],
        "QuickLook": ["QL"], "QuickLookThumbnailing": ["QL"], "SafariServices": ["SF"], "SceneKit": ["SCN"],
        "Speech": ["SF"], "SpriteKit": ["SK"], "StoreKit": ["SK"], "UIKit": ["UI"], "UserNotifications": ["UN"],
        "Vision": ["VN"], "WatchConnectivity": ["WC"], "WatchKit": ["WK"], "WebKit": ["WK"],
    ]

    /// The names `file` writes that are types of the modules it imports that Linux lacks, by their prefix
    /// (``typePrefixes``: `EKEvent` in a file importing EventKit), with their module.
    static func prefixedTypes(in file: SourceFile) -> [String: String] {
        let modules = file.tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text }
            .filter { typePrefixes[$0] != nil }.sorted()
        guard !modules.isEmpty else { return [:] }
        var found: [String: String] = [:]
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            guard case .identifier(let name) = token.tokenKind, found[name] == nil else { continue }
            found[name] = modules.first { module in
                (typePrefixes[module] ?? []).contains {
                    name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase == true
                }
            }
        }
        return found
    }

    /// The modules an import of `module` re-exports that Linux has, imported in its place (SwiftUI's `Observation`,
    /// so an `@Observable` helper still compiles once SwiftUI's import is dropped).
    static func reexported(by module: String) -> [String] {
        module == "SwiftUI" ? ["Observation"] : []
    }

    /// The modules `file` imports that Linux lacks and no shim stands in for (`WidgetKit`, `SwiftUI`; not `os`): the
    /// members of such a file that the migration does not reach keep only their signatures (see ``StageReach``).
    static func lacking(in file: SourceFile) -> [String] {
        file.tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text }
            .filter { unavailable.contains($0) && shim(for: $0) == nil }
    }

    /// The shim standing in for `module`, if the compiled level has one.
    static func shim(for module: String) -> CompiledShim? {
        switch module {
        case "os", "OSLog": .logging
        case "Combine": .combine
        default: nil
        }
    }
}
