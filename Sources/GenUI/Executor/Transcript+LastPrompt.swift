extension Transcript {
    /// The text of the transcript's last entry when it is a prompt: what a model warms up on.
    var lastPromptText: String? {
        guard case .prompt(let prompt) = last else { return nil }
        return Transcript.text(of: prompt.segments)
    }
}
