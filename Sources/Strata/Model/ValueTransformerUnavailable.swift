import Foundation

#if !canImport(Darwin)
    /// Stands in for Foundation's `ValueTransformer`, which swift-corelibs-foundation does not have on Linux, so
    /// a model that uses `@Attribute(.transformable(by:))` fails to compile with a message saying what to do.
    @available(
        *, unavailable,
        message:
            "Linux's Foundation has no ValueTransformer, so Strata cannot run one: store the value as Data or a Codable type and convert it in a computed property"
    )
    open class ValueTransformer {}

    extension Schema.Attribute.Option {
        /// SwiftData's transformable attribute: unavailable, as Linux's Foundation has no `ValueTransformer`.
        @available(
            *, unavailable,
            message:
                "Linux's Foundation has no ValueTransformer, so Strata cannot run one: store the value as Data or a Codable type and convert it in a computed property"
        )
        public static func transformable(by transformerType: ValueTransformer.Type) -> Self { fatalError() }

        /// SwiftData's transformable attribute by transformer name: unavailable, as Linux's Foundation has no
        /// `ValueTransformer` to register one under a name.
        @available(
            *, unavailable,
            message:
                "Linux's Foundation has no ValueTransformer, so Strata cannot run one: store the value as Data or a Codable type and convert it in a computed property"
        )
        public static func transformable(by transformerName: String) -> Self { fatalError() }
    }
#endif
