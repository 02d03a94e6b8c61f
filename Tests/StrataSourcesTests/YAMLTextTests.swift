import Testing

@testable import StrataSources

/// The YAML project specs are written in: block maps and lists, `- key:` items, flow lists, quotes and comments.
@Suite struct YAMLTextTests {
    @Test func readsMapsListsItemsAndScalarsAsSpecsWriteThem() {
        let spec = YAMLText.parse(
            """
            # a spec
            name: "Orchard"
            targets:
              App:
                sources:
                  - path: App   # the app's folder
                    excludes: ["Old/**", 'Drafts/**']
                  -   Shared
                settings:
                  base:
                    URL: https://example.org/a#b
            list:
            - one
            - two
            empty: {}
            """)
        #expect(spec["name"]?.string == "Orchard")
        let sources = spec["targets"]?["App"]?["sources"]?.items ?? []
        #expect(sources.count == 2)
        #expect(sources.first?["path"]?.string == "App")
        #expect(sources.first?["excludes"]?.items.compactMap(\.string) == ["Old/**", "Drafts/**"])
        #expect(sources.last?.string == "Shared")
        #expect(spec["targets"]?["App"]?["settings"]?["base"]?["URL"]?.string == "https://example.org/a#b")
        #expect(spec["list"]?.items.compactMap(\.string) == ["one", "two"])
        #expect(spec["empty"] == .map([]))
        #expect(spec["missing"] == nil)
    }
}
