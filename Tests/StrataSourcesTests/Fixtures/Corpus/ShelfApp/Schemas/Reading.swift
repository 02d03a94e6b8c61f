import Foundation

/// App code that uses Foundation's calendar outside the schemas.
struct Reading {
    let calendar = Foundation.Calendar.current
}
