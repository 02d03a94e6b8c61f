/// The Swift language mode a file builds in, and the setting that says so: the `SWIFT_VERSION` of the Xcode target
/// compiling it, or the language mode of its `Package.swift` target. Where no project says, Swift 5.
package struct SwiftLanguageMode: Hashable, Sendable {
    /// True in the Swift 6 language mode (where global mutable state is an error).
    package let isSwift6: Bool
    /// Which target and setting decided ("target MyApp in MyApp.xcodeproj: SWIFT_VERSION = 5.0 on the target, over
    /// 6.0 on the project"), or nil when no project says.
    package let decidedBy: String?

    /// A mode decided by `decidedBy`.
    package init(isSwift6: Bool, decidedBy: String?) {
        self.isSwift6 = isSwift6
        self.decidedBy = decidedBy
    }

    /// No project says: the Swift 5 mode, as for a file built without a package or project.
    package static let unstated = SwiftLanguageMode(isSwift6: false, decidedBy: nil)

    /// "the Swift 6 language mode" or "the Swift 5 language mode".
    package var name: String { isSwift6 ? "the Swift 6 language mode" : "the Swift 5 language mode" }
}
