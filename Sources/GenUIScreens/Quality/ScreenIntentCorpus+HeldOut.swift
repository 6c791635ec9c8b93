extension ScreenIntentCorpus {
    /// Held-out intents phrased as people phrase them (most kinds unnamed), written before the reading learnt to infer
    /// kinds from context and never used to shape it; the benchmark reports them apart from ``everyday``.
    public static let everydayHeldOut: [NamedIntent] = [
        NamedIntent(
            "A sign up page with username, email, password and Join now",
            [
                .init(.field, "user"), .init(.field, "email"), .init(.field, "password"), .init(.button, "join"),
            ]),
        NamedIntent(
            "A log in page with email, password, a remember me option and Log in",
            [
                .init(.field, "email"), .init(.field, "password"), .init(.toggle, "remember"), .init(.button, "log in"),
            ]),
        NamedIntent(
            "A morning alarm with the wake-up time, a vibrate option, Snooze and Stop",
            [
                .init(.figure, "wake"), .init(.toggle, "vibrat"), .init(.button, "snooze"), .init(.button, "stop"),
            ]),
        NamedIntent(
            "A video player showing the movie title and duration with Play, Pause and Fullscreen",
            [
                .init(.figure, "title", "movie"), .init(.figure, "duration"), .init(.button, "play"),
                .init(.button, "pause"), .init(.button, "fullscreen"),
            ]),
        NamedIntent(
            "Notification preferences where I can turn on email alerts, push alerts and a weekly summary",
            [
                .init(.toggle, "email"), .init(.toggle, "push"), .init(.toggle, "weekly"),
            ]),
        NamedIntent(
            "A payment form with cardholder name, card number, expiry and Pay",
            [
                .init(.field, "cardholder"), .init(.field, "number"), .init(.field, "expir"), .init(.button, "pay"),
            ]),
        NamedIntent(
            "A booking form for a table with date, time, number of guests and Reserve",
            [
                .init(.field, "date"), .init(.field, "time"), .init(.field, "guest"), .init(.button, "reserve"),
            ]),
        NamedIntent(
            "A profile settings page where I can enable two-factor login and a public profile, and Save",
            [
                .init(.toggle, "two-factor"), .init(.toggle, "public"), .init(.button, "save"),
            ]),
        NamedIntent(
            "A delivery address form with street, city, postal code and Continue",
            [
                .init(.field, "street"), .init(.field, "city"), .init(.field, "postal"), .init(.button, "continue"),
            ]),
        NamedIntent(
            "An app lock screen with the passcode and Unlock",
            [
                .init(.field, "passcode"), .init(.button, "unlock"),
            ]),
        NamedIntent(
            "A checkout summary with subtotal, shipping and total and Place order",
            [
                .init(.figure, "subtotal"), .init(.figure, "shipping"), .init(.figure, "total"),
                .init(.button, "place order"),
            ]),
        NamedIntent(
            "Reading settings: turn on night mode and bigger fonts",
            [
                .init(.toggle, "night"), .init(.toggle, "font"),
            ]),
        NamedIntent(
            "A job search with keywords, location and Find jobs",
            [
                .init(.field, "keyword"), .init(.field, "location"), .init(.button, "find"),
            ]),
        NamedIntent(
            "A new reminder form with the title, due date, a repeat weekly option and Save",
            [
                .init(.field, "title"), .init(.field, "due"), .init(.toggle, "repeat"), .init(.button, "save"),
            ]),
        NamedIntent(
            "A radio player showing the station name with Play and Stop",
            [
                .init(.figure, "station"), .init(.button, "play"), .init(.button, "stop"),
            ]),
        NamedIntent(
            "A survey form with age, occupation, comments and Submit answers",
            [
                .init(.field, "age"), .init(.field, "occupation"), .init(.field, "comment"), .init(.button, "submit"),
            ]),
    ]

    /// Held-out intents over records, written before data-backed screens and never used to shape them.
    public static let dataHeldOut: [DataIntent] = [
        DataIntent(
            "A league table with the top four teams", file: "serie-b-standings.json",
            rows: ["Venezia", "Frosinone", "Monza", "Palermo"]),
        DataIntent(
            "Every team and its points", file: "serie-b-standings.json",
            rows: [
                "Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena", "Spezia", "Bari",
                "Sampdoria", "Catanzaro", "Reggiana", "Pescara",
            ]),
        DataIntent(
            "The two teams with the most losses", file: "serie-b-standings.json",
            rows: ["Pescara", "Reggiana"]),
        DataIntent(
            "The three cheapest products", file: "products.json",
            rows: ["Water Bottle", "Wool Socks", "Sun Hat"]),
        DataIntent(
            "All my tasks", file: "tasks.json",
            rows: ["Book dentist", "Pay rent", "Call Anna", "Buy milk", "Renew passport"]),
        DataIntent(
            "The top 3 products by rating", file: "products.json",
            rows: ["Water Bottle", "Day Pack", "Trail Shoes"]),
    ]
}
