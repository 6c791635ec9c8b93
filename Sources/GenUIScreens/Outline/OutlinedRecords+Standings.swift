extension OutlinedRecords {
    /// The most rows an outlined screen shows: a section of standings tables, each as long as a table may be.
    public static let maximumRows =
        ScreenLimits.standard.componentsPerSection.upperBound * StandingRows.countRange.upperBound

    /// The records as standings tables of at most six rows each, in order ("Standings", then "Standings 7–12" and
    /// so on), names and values cut to a row's lengths; at most ``maximumRows`` rows.
    public var standings: [UIComponent] {
        let perTable = StandingRows.countRange.upperBound
        let rows = Array(self.rows.prefix(Self.maximumRows))
        return stride(from: 0, to: rows.count, by: perTable).map { start -> UIComponent in
            let chunk = rows[start..<min(start + perTable, rows.count)].map { row in
                StandingRow(name: String(row.name.prefix(40)), value: String(row.value.prefix(16)))
            }
            let heading = start == 0 ? title : "\(title) \(start + 1)–\(start + chunk.count)"
            return .standings(
                title: ShortText(verbatim: String(heading.prefix(ShortText.lengthRange.upperBound))),
                rows: StandingRows(elements: chunk))
        }
    }

    /// The records `intent` asks of `records` (``RecordSelection``), titled after the records ("Standings").
    public init(intent: String, records: RecordSet) {
        let selection = RecordSelection.read(from: intent, records: records)
        let title = records.title.split(separator: ".").first.map(String.init) ?? records.title
        let words = title.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        self.init(title: IntentReading.capitalized(words), rows: selection.rows(from: records))
    }
}
