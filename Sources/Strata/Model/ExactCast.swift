/// Casts a stored value to the type a property, a codec or `valueBeforeMigration` asks for, without the run
/// time's general cast when the value is exactly of that type, or of the type an optional asks for (the usual
/// cases: values are stored as declared, and a fetched optional attribute's value as its wrapped type).
///
/// `as?` from `Any` goes through `swift_dynamicCast`, which unwraps the existential and searches conversions
/// (about 250 instructions, 450 when it wraps an optional); comparing the dynamic type and opening the existential
/// takes a fraction of that.
@usableFromInline
enum ExactCast {
    /// `value` as `T`; nil when it is not one (other Optional layers and bridging are left to `as?`).
    @inlinable
    static func cast<T>(_ value: Any, to _: T.Type) -> T? {
        guard type(of: value) == T.self else {
            // Folded where `T` is known: a property of an optional type reads its wrapped type's value.
            func wrap<Wrapping: ExactOptional>(_: Wrapping.Type) -> T? {
                Wrapping.wrapping(value).map { unsafeBitCast($0, to: T.self) }
            }
            if let optional = T.self as? any ExactOptional.Type, let wrapped = _openExistential(optional, do: wrap) {
                return wrapped
            }
            return value as? T
        }
        func reinterpret<Opened>(_ opened: Opened) -> T { unsafeBitCast(opened, to: T.self) }
        return _openExistential(value, do: reinterpret)
    }
}

/// `Optional`, for `ExactCast`: wraps a value exactly of the wrapped type.
@usableFromInline
protocol ExactOptional {
    /// `value` wrapped, or nil when it is not exactly of the wrapped type (the caller then asks `as?`).
    static func wrapping(_ value: Any) -> Self?
}

extension Optional: ExactOptional {
    @inlinable
    static func wrapping(_ value: Any) -> Self? {
        type(of: value) == Wrapped.self ? ExactCast.cast(value, to: Wrapped.self).map(Self.some) : nil
    }
}
