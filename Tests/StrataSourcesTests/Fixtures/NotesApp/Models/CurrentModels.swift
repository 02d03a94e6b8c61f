import SwiftData

typealias Note = NotesSchemaV2.Note
typealias Folder = NotesSchemaV2.Folder
