import Foundation

/// The median run of Strata and of each contender for one `app` workload and size, and the target's verdict.
struct AppResult {
    let workload: String
    let rows: Int
    let strata: RunResult
    let contenders: [(name: String, result: RunResult)]
    let limit: Double
    /// Anything else measured (for A5, the SQL statements Strata ran).
    var note = ""

    /// Strata's time over the first contender's (GRDB Codable).
    var ratio: Double { strata.seconds / max(contenders[0].result.seconds, 1e-9) }
    /// True when Strata is within the limit of the first contender.
    var met: Bool { ratio <= limit }
    /// The target in words.
    var target: String { String(format: "<= %gx %@", limit, contenders[0].name) }

    /// The result as the JSON object the issue specifies (`name`, `strata_s`, `contender`, `contender_s`, `ratio`,
    /// `target`, `met`), with peak memory per contender and every other contender under `others`.
    var json: [String: Any] {
        [
            "name": workload, "rows": rows, "strata_s": strata.seconds,
            "strata_peak_bytes": Self.bytes(strata.peakBytes),
            "contender": contenders[0].name, "contender_s": contenders[0].result.seconds,
            "contender_peak_bytes": Self.bytes(contenders[0].result.peakBytes),
            "ratio": ratio, "target": target, "target_ratio": limit, "met": met, "note": note,
            "others": contenders.dropFirst().map { contender in
                [
                    "contender": contender.name, "contender_s": contender.result.seconds,
                    "contender_peak_bytes": Self.bytes(contender.result.peakBytes),
                    "ratio": strata.seconds / max(contender.result.seconds, 1e-9),
                ] as [String: Any]
            },
        ]
    }

    /// A byte count for JSON: a number, or null when unknown.
    private static func bytes(_ count: Int?) -> Any { count.map { $0 as Any } ?? NSNull() }

    /// One Markdown table row.
    var markdownRow: String {
        let others = contenders.map {
            "\($0.name) \(WorkloadResult.time($0.result.seconds)), \(WorkloadResult.mebibytes($0.result.peakBytes))"
        }
        let ratios = contenders.map {
            String(format: "%.2fx %@", strata.seconds / max($0.result.seconds, 1e-9), $0.name)
        }
        let cells = [
            workload, rows.formatted(), WorkloadResult.time(strata.seconds), WorkloadResult.mebibytes(strata.peakBytes),
            others.joined(separator: "<br>"), ratios.joined(separator: "<br>"), target, met ? "yes" : "**no**", note,
        ]
        return "| " + cells.joined(separator: " | ") + " |"
    }

    static let markdownHeader = """
        | workload | rows | Strata | Strata peak RSS | contenders (time, peak RSS) | Strata / contender | target | met | notes |
        | --- | ---: | ---: | ---: | --- | --- | --- | --- | --- |
        """
}
