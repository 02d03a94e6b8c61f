import AppleStoreFixtures
import Foundation
import Strata
import StrataAppleStores
import Testing

/// Model bundles of real apps' model files against the stores those apps wrote (Tests/Fixtures/AppleStores).
@Suite
struct ModelBundleStoreTests {
    @Test func aVersionsSchemaEqualsTheModelItsStoreCarries() throws {
        // EasyLife_1.5.0.sqlite was written by the app at the model EasyLife_1.5.0.xcdatamodel.xml holds: the
        // schema built from the XML and the one read from the store's Z_MODELCACHE compare equal (defaults aside).
        let directory = try ModelFolder()
        let bundle = try ModelBundle(url: try ModelBundleFixtures.easyLife(in: directory.url))
        #expect(bundle.order.names == ["EasyLife", "EasyLife 1.3.0", "EasyLife 1.5.0"])
        let store = try AppleStore(
            url: AppleStoreFixtures.source.appendingPathComponent("coredata-easylife/EasyLife_1.5.0.sqlite"))
        let stored = store.schema().schema
        let plan = ModelBundlePlan(bundle: bundle)
        let match = PlanStanding(store: store, versions: plan.schemas)
        #expect(match.equalVersion?.version == Schema.Version(3, 0, 0))
        #expect(SchemaDiff(from: stored, to: plan.schemas[1]).changes.isEmpty == false)
    }
}
