import Foundation

/// Prints a report as pretty JSON with sorted keys: the stable, versioned shapes `--json` documents.
enum JSONOutput {
    /// Encodes `report` and writes it to standard output.
    static func print(_ report: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "Infinity", negativeInfinity: "-Infinity", nan: "NaN")
        Console.out(String(decoding: try encoder.encode(report), as: UTF8.self))
    }
}
