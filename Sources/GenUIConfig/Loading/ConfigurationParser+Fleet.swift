import Yams

extension ConfigurationParser {
    /// The `endpoints:`, `strategy:` and `hedge:` of a built-in HTTP provider, read through ``ProviderFields`` as a
    /// registered type would read them.
    mutating func parseFleet(
        _ entry: YAMLReader.Entry, byKey: [String: YAMLReader.Entry], type: ProviderType, misspelled: Set<String>,
        urlKey: String, allowInsecure: Bool, unresolved: inout [String]
    ) -> FleetSettings? {
        var fields = ProviderFields(
            name: entry.key, type: type, reader: reader, byKey: byKey, entryNode: entry.value, misspelled: misspelled)
        let fleet = fields.fleet(urlKey: urlKey, allowInsecure: allowInsecure)
        reader = fields.reader
        unresolved += fields.unresolved
        return fleet
    }
}
