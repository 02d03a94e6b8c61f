import EventKit
import Foundation

extension ListenLaterSchemaV2.Episode {
    /// True once the episode has an event on the user's calendar.
    public var isScheduled: Bool { calendarEventID != nil }

    /// An event reminding the user to listen, on their default calendar.
    public func reminder(in store: EKEventStore, at date: Date) -> EKEvent {
        let event = EKEvent(eventStore: store)
        event.title = "Listen: \(title)"
        event.startDate = date
        event.endDate = date.addingTimeInterval(30 * 60)
        event.calendar = store.defaultCalendarForNewEvents
        return event
    }

    /// Keeps the identifier of the event saved for the episode.
    public func schedule(_ event: EKEvent, in store: EKEventStore) throws {
        try store.save(event, span: .thisEvent)
        calendarEventID = event.eventIdentifier
    }
}
