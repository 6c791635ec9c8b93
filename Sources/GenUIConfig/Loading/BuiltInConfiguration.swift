/// The configuration used when no file is found: the on-device model, then the scripted provider.
public enum BuiltInConfiguration {
    /// The built-in `providers.yml`.
    public static let text = """
        version: 1
        default_chain: default
        chains:
          default: [on-device, scripted]
        providers:
          on-device:
            type: llama.cpp
            model: ~/.cache/genui/models/SmolLM2-135M-Instruct.Q4_1.gguf
            context: 4096
          scripted:
            type: scripted
        """
}
