/// Casts a stored value to the type a property, a codec or `valueBeforeMigration` asks for, without the run
/// time's general cast when the value is exactly of that type (the usual case: values are stored as declared).
///
/// `as?` from `Any` goes through `swift_dynamicCast`, which unwraps the existential and searches conversions
/// (about 250 instructions); comparing the dynamic type and opening the existential takes a fraction of that.
@usableFromInline
enum ExactCast {
    /// `value` as `T`; nil when it is not one (Optional layers and bridging are left to `as?`).
    @inlinable
    static func cast<T>(_ value: Any, to _: T.Type) -> T? {
        guard type(of: value) == T.self else { return value as? T }
        func reinterpret<Opened>(_ opened: Opened) -> T { unsafeBitCast(opened, to: T.self) }
        return _openExistential(value, do: reinterpret)
    }
}
