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
        for name in ["PKDrawing"] { names[name] = "PencilKit" }
        return names
    }()

    /// The modules an import of `module` re-exports that Linux has, imported in its place (SwiftUI's `Observation`,
    /// so an `@Observable` helper still compiles once SwiftUI's import is dropped).
    static func reexported(by module: String) -> [String] {
        module == "SwiftUI" ? ["Observation"] : []
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
