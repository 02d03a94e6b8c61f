import Foundation
import Strata
import Testing

/// Each seed's V1 models saved to a store file, then read back through a second container.
@Suite struct SeedRoundTripTests {
    @Test func bookshelfV1BookRoundTrips() throws {
        let directory = try TemporaryStoreDirectory()
        let configuration = ModelConfiguration(url: directory.store("bookshelf"))
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: BookSchemaV1.self), configurations: configuration)
            let context = ModelContext(container)
            context.insert(BookSchemaV1.Book(title: "Dune", author: "Frank Herbert", isbn: "978-0-441-17271-9"))
            try context.save()
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: BookSchemaV1.self), configurations: configuration)
        let books = try ModelContext(container).fetch(FetchDescriptor<BookSchemaV1.Book>())
        #expect(books.map(\.title) == ["Dune"])
        #expect(books.first?.author == "Frank Herbert")
        #expect(books.first?.isbn == "978-0-441-17271-9")
    }

    @Test func tripsV1TripWithItsRelationshipsRoundTrips() throws {
        let directory = try TemporaryStoreDirectory()
        let configuration = ModelConfiguration(url: directory.store("trips"))
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let end = start.addingTimeInterval(7 * 86_400)
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: SampleTripsSchemaV1.self), configurations: configuration)
            let context = ModelContext(container)
            let trip = SampleTripsSchemaV1.Trip(name: "Alps", destination: "Zermatt", start_date: start, end_date: end)
            trip.bucketList = [
                SampleTripsSchemaV1.BucketListItem(title: "Matterhorn"),
                SampleTripsSchemaV1.BucketListItem(title: "Fondue"),
            ]
            trip.livingAccommodation = SampleTripsSchemaV1.LivingAccommodation(
                address: "Bahnhofstrasse 1", placeName: "Hotel Post")
            context.insert(trip)
            try context.save()
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: SampleTripsSchemaV1.self), configurations: configuration)
        let context = ModelContext(container)
        let trips = try context.fetch(FetchDescriptor<SampleTripsSchemaV1.Trip>())
        #expect(trips.count == 1)
        let trip = try #require(trips.first)
        #expect(trip.name == "Alps")
        #expect(trip.destination == "Zermatt")
        #expect(trip.start_date == start)
        #expect(trip.end_date == end)
        #expect(Set(trip.bucketList?.map(\.title) ?? []) == ["Matterhorn", "Fondue"])
        #expect(trip.livingAccommodation?.placeName == "Hotel Post")
        #expect(try context.fetchCount(FetchDescriptor<SampleTripsSchemaV1.BucketListItem>()) == 2)
    }

    @Test func recordV1RoundTrips() throws {
        let directory = try TemporaryStoreDirectory()
        let configuration = ModelConfiguration(url: directory.store("records"))
        let created = Date(timeIntervalSince1970: 1_650_000_000.25)
        do {
            let container = try ModelContainer(
                for: Schema(versionedSchema: AppVersionedSchemaV1.self), configurations: configuration)
            let context = ModelContext(container)
            context.insert(AppVersionedSchemaV1.Record(title: "first", content: "hello", createTime: created))
            try context.save()
        }
        let container = try ModelContainer(
            for: Schema(versionedSchema: AppVersionedSchemaV1.self), configurations: configuration)
        let records = try ModelContext(container).fetch(FetchDescriptor<AppVersionedSchemaV1.Record>())
        #expect(records.map(\.title) == ["first"])
        #expect(records.first?.content == "hello")
        #expect(records.first?.createTime == created)
    }
}
