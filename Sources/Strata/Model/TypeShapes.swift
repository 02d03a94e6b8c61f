/// Lets Strata look inside `Optional` types at run time.
protocol OptionalShape {
    /// The wrapped type.
    static var wrappedType: Any.Type { get }
    /// `nil` of this optional type, boxed.
    static var noneValue: Any { get }
    /// Wraps a value of the wrapped type (boxed) as this optional type (boxed).
    static func wrap(_ value: Any) -> Any?
    /// The wrapped value, or nil.
    var wrappedValue: Any? { get }
}

extension Optional: OptionalShape {
    static var wrappedType: Any.Type { Wrapped.self }
    static var noneValue: Any { Optional<Wrapped>.none as Any }
    static func wrap(_ value: Any) -> Any? { (value as? Wrapped).map { Optional($0) as Any } }
    var wrappedValue: Any? { self.map { $0 as Any } }
}

/// Lets Strata list the elements of a collection captured in a predicate.
protocol ElementsShape {
    /// The elements, boxed.
    var boxedElements: [Any] { get }
}

extension Set: ElementsShape {
    var boxedElements: [Any] { map { $0 as Any } }
}

/// Lets Strata look inside `Array` types at run time.
protocol ArrayShape: ElementsShape {
    /// The element type.
    static var elementType: Any.Type { get }
    /// Builds an array of this type from boxed elements, skipping those of another type.
    static func make(_ elements: [Any]) -> Any
}

extension Array: ArrayShape {
    static var elementType: Any.Type { Element.self }
    static func make(_ elements: [Any]) -> Any { elements.compactMap { $0 as? Element } }
    var boxedElements: [Any] { map { $0 as Any } }
}

/// Unwraps any number of optional layers of a boxed value: nil when the innermost value is nil.
func unwrapOptionals(_ value: Any) -> Any? {
    guard let optional = value as? any OptionalShape else { return value }
    return optional.wrappedValue.flatMap(unwrapOptionals)
}
