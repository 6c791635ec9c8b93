import GenUI
import GenUIDiagnostics
import GenUITestSupport
import GenUITesting
import Testing

@Suite("Diagnostics catalog", .tags(.unit))
struct DiagnosticsCatalogTests {
    @Test("every availability reason and every error code has a message and a remedy in every language")
    func coverage() {
        for language in DiagnosticLanguage.allCases {
            let messages = MessageCatalog.standard.messages(for: language)
            for code in UnavailableReason.allCodes {
                #expect(messages["reason.\(code).message"] != nil, "\(language) reason \(code)")
                #expect(messages["reason.\(code).remedy"] != nil, "\(language) reason \(code)")
            }
            for code in GenUIError.allCodes {
                #expect(messages["error.\(code).message"] != nil, "\(language) error \(code)")
                #expect(messages["error.\(code).remedy"] != nil, "\(language) error \(code)")
            }
            for action in [RouteTrace.Action.retrySameProvider, .nextProvider, .stop] {
                #expect(messages["trace.failed.\(action.rawValue)"] != nil, "\(language) action \(action)")
            }
        }
    }

    @Test(
        "every known capability is named from the catalog in every language; an unknown one keeps its identifier",
        arguments: DiagnosticLanguage.allCases)
    func capabilityNames(_ language: DiagnosticLanguage) {
        let diagnostics = Diagnostics(language: language)
        for capability in LanguageModelCapability.known {
            let key = "capability.\(capability.rawValue)"
            let name = diagnostics.name(of: capability)
            #expect(MessageCatalog.standard.messages(for: language)[key] == name, "\(language) \(capability)")
            // A one-word identifier may be the English word itself (vision); a compound one is never shown as such.
            #expect(
                !capability.rawValue.contains("-") || name != capability.rawValue, "\(language) \(capability): \(name)")
        }
        #expect(diagnostics.name(of: LanguageModelCapability(rawValue: "x-telepathy")) == "x-telepathy")
        #expect(
            Diagnostics(language: .german).list(of: [.guidedGeneration, .toolCalling])
                == "geführte Generierung, Werkzeugaufrufe")
        #expect(
            Diagnostics(language: .german).describe(
                .unsupportedCapability(.toolCalling, .init(debugDescription: "no tools"))
            ).message
                == "Dem Modell fehlt etwas, das die Anfrage braucht: Werkzeugaufrufe.")
    }

    @Test("a Foundation Models error is worded as the genui error it carries, or read as genui's when it carries none")
    func foundationModelsErrorsAreWorded() {
        let german = Diagnostics(language: .german)
        let carried = GenUIError.unsupportedCapability(.toolCalling, .init(debugDescription: "no tools"))
        let thrown = LanguageModelError.unsupportedCapability(
            .init(
                capability: .toolCalling, debugDescription: "no tools",
                metadata: [LanguageModelError.genUIErrorKey: carried]))
        let fromPackage = LanguageModelError.unsupportedCapability(
            .init(capability: .toolCalling, debugDescription: "a package's words"))
        #expect(german.describe(thrown).message == german.describe(carried).message)
        #expect(
            german.describe(fromPackage).message
                == "Dem Modell fehlt etwas, das die Anfrage braucht: Werkzeugaufrufe.")
        #expect(
            german.describe(LanguageModelError.timeout(.init(debugDescription: "30 s"))).message
                == german.describe(GenUIError.timedOut(.init(debugDescription: "30 s"))).message)
    }

    @Test("a session's SystemLanguageModel.Error is described by the reason it carries, in the user's language")
    func describesAssetsUnavailable() async throws {
        let german = Diagnostics(language: .german)
        let carried = GenUIError.unavailable(
            .runtimeMissing(binary: "llama-server"), .init(debugDescription: "missing"))
        let session = LanguageModelSession(model: FailingLanguageModel(name: "local", behavior: .fail(carried)))
        let caught = await #expect(throws: SystemLanguageModel.Error.self) { try await session.respond(to: "Hello") }
        let thrown = try #require(caught)
        #expect(german.describe(thrown).message == german.describe(carried).message)
        #expect(german.describe(thrown).remediation == german.describe(carried).remediation)
        let bare = SystemLanguageModel.Error.assetsUnavailable(.init(debugDescription: "deleted"))
        #expect(
            german.describe(bare).message
                == german.describe(UnavailableReason.modelNotReady(progress: nil, detail: "deleted")).message)
    }

    @Test("described reasons fill every placeholder, in every language")
    func describedReasonsAreFilled() {
        let reasons: [UnavailableReason] = [
            .deviceNotEligible(detail: "AVX2 missing"), .modelNotReady(progress: 0.43, detail: "downloading"),
            .modelNotReady(progress: nil, detail: nil), .modelNotInstalled(name: "smol.gguf"),
            .lowStorage(requiredBytes: 1_900_000_000, availableBytes: 400_000_000, volume: "/"), .disabled,
            .notConfigured(missing: "OPENAI_API_KEY"), .runtimeMissing(binary: "llama-server"),
            .unreachable(endpoint: "http://127.0.0.1:11434"), .unauthorized, .rateLimited(retryAfter: .seconds(30)),
            .rateLimited(retryAfter: nil), .invalidModel(path: "/m.gguf", detail: "bad magic"),
            .runtimeFailed(binary: "/opt/llama-server", failure: .illegalInstruction),
            .runtimeFailed(binary: "/opt/llama-server", failure: .killedWhileLoading),
            .runtimeFailed(binary: "/opt/llama-server", failure: .crashed(signal: 6)),
            .runtimeFailed(binary: "/opt/llama-server", failure: .exited(code: 2)),
        ]
        #expect(Set(reasons.map(\.code)) == Set(UnavailableReason.allCodes))
        for language in DiagnosticLanguage.allCases {
            let diagnostics = Diagnostics(language: language)
            for reason in reasons {
                let described = diagnostics.describe(reason)
                #expect(
                    !described.message.contains("{") && described.remediation?.contains("{") == false,
                    "\(language) \(reason)")
            }
        }
        let german = Diagnostics(language: .german).describe(
            .lowStorage(requiredBytes: 1_900_000_000, availableBytes: 400_000_000, volume: "/"))
        #expect(german.message == "Zu wenig Speicherplatz auf /: 1,9 GB benötigt, 400 MB frei.")
        #expect(
            Diagnostics(language: .english).describe(.modelNotReady(progress: 0.43, detail: "downloading")).message
                == "The model is not ready yet: 43 % done (downloading).")
    }

    @Test("numbers are formatted for people in each language")
    func formatting() {
        #expect(HumanFormatter(language: .english).bytes(1_900_000_000) == "1.9 GB")
        #expect(HumanFormatter(language: .french).bytes(1_900_000_000) == "1,9 Go")
        #expect(HumanFormatter(language: .english).bytes(512) == "512 B")
        #expect(HumanFormatter(language: .english).percent(0.43) == "43 %")
        #expect(HumanFormatter(language: .japanese).percent(0.43) == "43%")
        #expect(HumanFormatter(language: .english).duration(.milliseconds(350)) == "350 ms")
        #expect(HumanFormatter(language: .german).duration(.milliseconds(1250)) == "1,3 s")
        #expect(HumanFormatter(language: .english).duration(.seconds(125)) == "2 min 5 s")
        #expect(HumanFormatter(language: .simplifiedChinese).duration(.seconds(2)) == "2 秒")
    }

    @Test("numbers far outside Int64 are formatted, never trapped on")
    func hugeNumbers() {
        let english = HumanFormatter(language: .english)
        #expect(english.decimal(1e30, maximumFractionDigits: 0) == "1000000000000000019884624838656")
        #expect(english.decimal(-1e19) == "-10000000000000000000")
        #expect(english.decimal(.nan) == "–")
        #expect(english.duration(seconds: 1e30) == "2555555555555555 h 33 min")
        #expect(english.duration(seconds: -1e30) == "-9200000000000000000000 ms")
        #expect(english.duration(seconds: .infinity) == "–")
        #expect(english.duration(.seconds(Int64.max)) == "2562047788015215 h 30 min")
    }

    @Test("the language comes from --locale, then LC_ALL, LC_MESSAGES, LANG; unknown is English")
    func localeResolution() {
        #expect(DiagnosticLanguage.resolve(explicit: "de", environment: ["LANG": "fr_FR.UTF-8"]) == .german)
        #expect(
            DiagnosticLanguage.resolve(explicit: nil, environment: ["LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE"])
                == .japanese)
        #expect(
            DiagnosticLanguage.resolve(explicit: nil, environment: ["LC_MESSAGES": "es_ES", "LANG": "de_DE"])
                == .spanish)
        #expect(DiagnosticLanguage.resolve(explicit: nil, environment: ["LANG": "zh_CN.UTF-8"]) == .simplifiedChinese)
        #expect(DiagnosticLanguage.resolve(explicit: nil, environment: ["LANG": "zh_TW.UTF-8"]) == .english)
        #expect(DiagnosticLanguage.resolve(explicit: nil, environment: ["LC_ALL": "C", "LANG": "de_DE"]) == .english)
        #expect(DiagnosticLanguage.resolve(explicit: "xx", environment: ["LANG": "de_DE"]) == .english)
        #expect(DiagnosticLanguage.resolve(explicit: nil, environment: [:]) == .english)
        #expect(DiagnosticLanguage.resolve(explicit: "zh-Hans", environment: [:]) == .simplifiedChinese)
    }

    @Test("a trace reads as sentences, with each skip's reason")
    func traceSentences() {
        let trace = RouteTrace(
            chain: "default",
            steps: [
                .init(
                    provider: "on-device", outcome: .skipped, reason: "runtimeMissing",
                    unavailableReason: .runtimeMissing(binary: "llama-server")),
                .init(
                    provider: "ollama", outcome: .skipped, reason: "missingCapability",
                    missingCapabilities: [.guidedGeneration]),
                .init(
                    provider: "cloud", outcome: .failed, reason: "serverError", detail: "HTTP 502",
                    action: .nextProvider, durationSeconds: 0.2),
                .init(provider: "scripted", outcome: .served, reason: "served", durationSeconds: 0.01, guided: true),
            ])
        let lines = Diagnostics(language: .english).describe(trace)
        #expect(lines[0] == "on-device: skipped (The runtime program llama-server is not installed.)")
        #expect(lines[1] == "ollama: skipped (lacks guided generation)")
        #expect(lines[2] == "cloud: failed after 200 ms (The server failed (HTTP 502).); moving on")
        #expect(lines[3] == "scripted: answered in 10 ms, guided by the schema")
    }
}
