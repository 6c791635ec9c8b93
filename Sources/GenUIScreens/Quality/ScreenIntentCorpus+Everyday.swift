extension ScreenIntentCorpus {
    /// Intents phrased as people phrase them, naming no component word for most of what they hold ("A login screen
    /// with username, password and Sign in"): the kind of each element follows from the screen's purpose, a trailing
    /// action verb, or words such as "turn on" and "option". The corpus the reading's kind inference is shaped on;
    /// ``everydayHeldOut`` is kept apart.
    public static let everyday: [NamedIntent] = [
        NamedIntent(
            "A job application form with name, email, CV link and Apply",
            [
                .init(.field, "name"), .init(.field, "email"), .init(.field, "cv"), .init(.button, "apply"),
            ]),
        NamedIntent(
            "A login screen with username, password and Sign in",
            [
                .init(.field, "user"), .init(.field, "password"), .init(.button, "sign in"),
            ]),
        NamedIntent(
            "An alarm screen with the alarm time, a snooze option and Dismiss",
            [
                .init(.figure, "time"), .init(.toggle, "snooze"), .init(.button, "dismiss"),
            ]),
        NamedIntent(
            "A music settings page where I can turn on shuffle, repeat and crossfade",
            [
                .init(.toggle, "shuffle"), .init(.toggle, "repeat"), .init(.toggle, "crossfade"),
            ]),
        NamedIntent(
            "A registration screen with first name, last name, email, password and Create account",
            [
                .init(.field, "first"), .init(.field, "last"), .init(.field, "email"), .init(.field, "password"),
                .init(.button, "create"),
            ]),
        NamedIntent(
            "A checkout page with card number, expiry date, CVC and Pay now",
            [
                .init(.field, "card"), .init(.field, "expir"), .init(.field, "cvc"), .init(.button, "pay"),
            ]),
        NamedIntent(
            "A search page with a query and Search",
            [
                .init(.field, "query"), .init(.button, "search"),
            ]),
        NamedIntent(
            "A podcast player with the episode name, elapsed time, Play and Skip",
            [
                .init(.figure, "episode"), .init(.figure, "elapsed"), .init(.button, "play"), .init(.button, "skip"),
            ]),
        NamedIntent(
            "Privacy settings where I can enable location, ad tracking and crash reports",
            [
                .init(.toggle, "location"), .init(.toggle, "tracking"), .init(.toggle, "crash"),
            ]),
        NamedIntent(
            "A contact us form with your name, your email, a message and Send",
            [
                .init(.field, "name"), .init(.field, "email"), .init(.field, "message"), .init(.button, "send"),
            ]),
        NamedIntent(
            "A timer screen showing the remaining time with Start, Pause and Reset",
            [
                .init(.figure, "remaining"), .init(.button, "start"), .init(.button, "pause"), .init(.button, "reset"),
            ]),
        NamedIntent(
            "Display settings: turn on dark mode and large text",
            [
                .init(.toggle, "dark"), .init(.toggle, "large"),
            ]),
        NamedIntent(
            "A newsletter page with a weekly digest option and Subscribe",
            [
                .init(.toggle, "digest"), .init(.button, "subscribe"),
            ]),
        NamedIntent(
            "An order form with quantity, delivery address, a gift wrap option and Order",
            [
                .init(.field, "quantity"), .init(.field, "address"), .init(.toggle, "gift"), .init(.button, "order"),
            ]),
        NamedIntent(
            "A feedback page with rating, comments and Submit",
            [
                .init(.field, "rating"), .init(.field, "comment"), .init(.button, "submit"),
            ]),
        NamedIntent(
            "A weather screen for today showing temperature, wind and rain chance",
            [
                .init(.figure, "temperature"), .init(.figure, "wind"), .init(.figure, "rain"),
            ]),
    ]

    /// Intents over records, each with the rows its screen should show: the corpus data-backed screens are shaped
    /// on; ``dataHeldOut`` is kept apart.
    public static let data: [DataIntent] = [
        DataIntent(
            "The Serie B table with the top six teams and their points", file: "serie-b-standings.json",
            rows: ["Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena"]),
        DataIntent(
            "All the teams in the league with their points", file: "serie-b-standings.json",
            rows: [
                "Venezia", "Frosinone", "Monza", "Palermo", "Cesena", "Modena", "Spezia", "Bari",
                "Sampdoria", "Catanzaro", "Reggiana", "Pescara",
            ]),
        DataIntent(
            "The three teams with the most wins", file: "serie-b-standings.json",
            rows: ["Venezia", "Frosinone", "Monza"]),
        DataIntent(
            "A list of the products with their prices", file: "products.json",
            rows: [
                "Trail Shoes", "Rain Jacket", "Water Bottle", "Headlamp", "Day Pack", "Trekking Poles",
                "Sun Hat", "Wool Socks",
            ]),
        DataIntent(
            "The five best rated products", file: "products.json",
            rows: ["Water Bottle", "Day Pack", "Trail Shoes", "Wool Socks", "Headlamp"]),
    ]
}
