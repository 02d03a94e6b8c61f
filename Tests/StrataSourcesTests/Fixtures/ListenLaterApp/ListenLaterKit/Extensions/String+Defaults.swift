// The framework's umbrella header imports Foundation for this file.

public extension String {
    /// The flag stored in the user's defaults under this key, if any.
    var storedFlag: Bool? {
        UserDefaults.standard.object(forKey: self) as? Bool
    }
}
