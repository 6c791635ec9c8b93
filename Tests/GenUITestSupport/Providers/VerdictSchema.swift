import GenUI

/// A yes/no answer: small enough for SmolLM2 to produce under a schema constraint.
public let verdictSchema = GenerationSchema(
    node: .object(
        .init(
            name: "Verdict", description: "An answer",
            properties: [
                .init(
                    name: "answer", description: "yes or no", node: .string(.init(choices: ["yes", "no"])),
                    isOptional: false)
            ])),
    name: "Verdict")
