/// Where an item sits; no raw value, so it is stored as synthesized Codable writes it.
enum Shelf: Codable, Hashable {
    case top
    case middle
    case bottom
}
