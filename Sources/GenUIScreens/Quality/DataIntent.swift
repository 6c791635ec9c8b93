/// An intent over records (`genui generate "…" --data FILE.json`), with the records its screen should show.
public struct DataIntent: Sendable, Hashable, Codable {
    /// The words a user types: "The Serie B table with the top six teams and their points".
    public var intent: String
    /// The file the records come from: a key of ``ScreenIntentCorpus/recordFiles``.
    public var file: String
    /// The names of the records the intent asks for, in the order it asks for them.
    public var rows: [String]

    /// Creates an intent.
    public init(_ intent: String, file: String, rows: [String]) {
        self.intent = intent
        self.file = file
        self.rows = rows
    }
}

extension ScreenIntentCorpus {
    /// The record files the data intents are asked over, by file name: JSON as `genui generate --data` reads it.
    public static let recordFiles: [String: String] = [
        "serie-b-standings.json": """
        {"standings": [
          {"team": "Venezia", "played": 38, "won": 22, "drawn": 10, "lost": 6, "points": 76},
          {"team": "Frosinone", "played": 38, "won": 21, "drawn": 9, "lost": 8, "points": 72},
          {"team": "Monza", "played": 38, "won": 20, "drawn": 11, "lost": 7, "points": 71},
          {"team": "Palermo", "played": 38, "won": 19, "drawn": 12, "lost": 7, "points": 69},
          {"team": "Cesena", "played": 38, "won": 17, "drawn": 14, "lost": 7, "points": 65},
          {"team": "Modena", "played": 38, "won": 17, "drawn": 10, "lost": 11, "points": 61},
          {"team": "Spezia", "played": 38, "won": 15, "drawn": 13, "lost": 10, "points": 58},
          {"team": "Bari", "played": 38, "won": 14, "drawn": 12, "lost": 12, "points": 54},
          {"team": "Sampdoria", "played": 38, "won": 13, "drawn": 11, "lost": 14, "points": 50},
          {"team": "Catanzaro", "played": 38, "won": 12, "drawn": 12, "lost": 14, "points": 48},
          {"team": "Reggiana", "played": 38, "won": 10, "drawn": 13, "lost": 15, "points": 43},
          {"team": "Pescara", "played": 38, "won": 8, "drawn": 12, "lost": 18, "points": 36}
        ]}
        """,
        "products.json": """
        [{"name": "Trail Shoes", "price": 89, "rating": 4.6},
         {"name": "Rain Jacket", "price": 120, "rating": 4.2},
         {"name": "Water Bottle", "price": 15, "rating": 4.8},
         {"name": "Headlamp", "price": 35, "rating": 4.4},
         {"name": "Day Pack", "price": 65, "rating": 4.7},
         {"name": "Trekking Poles", "price": 49, "rating": 3.9},
         {"name": "Sun Hat", "price": 22, "rating": 4.1},
         {"name": "Wool Socks", "price": 18, "rating": 4.5}]
        """,
        "tasks.json": """
        {"tasks": [
          {"task": "Book dentist", "priority": "high", "due": "Mon"},
          {"task": "Pay rent", "priority": "high", "due": "Tue"},
          {"task": "Call Anna", "priority": "low", "due": "Wed"},
          {"task": "Buy milk", "priority": "medium", "due": "Wed"},
          {"task": "Renew passport", "priority": "medium", "due": "Fri"}
        ]}
        """,
    ]
}
