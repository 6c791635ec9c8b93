#if canImport(FoundationModels)
import Foundation
import FoundationModels

// A photo in a prompt (Foundation Models 27's Attachment): the session asks the default model to describe it. Where
// the default is a chain, the photo goes to the first member that can see; where no model can, the app says so and
// keeps working.

struct PhotoCaptioner {
    /// A caption for the photo at `photo`, or why there is none.
    func caption(of photo: URL) async -> String {
        let session = LanguageModelSession(model: .default)
        do {
            let response = try await session.respond {
                "Describe this photo in one sentence."
                Attachment(imageURL: photo).label("photo")
            }
            return "captioned: \(response.content)"
        } catch let error as LanguageModelError {
            switch error {
            case .unsupportedCapability(let info):
                return "not captioned: no model here has \(info.capability)"
            case .unsupportedTranscriptContent:
                return "not captioned: the model cannot take this image"
            default:
                return "not captioned: \(error.debugDescription)"
            }
        } catch {
            return "not captioned: no model is ready"
        }
    }

    /// A one-pixel PNG written to a temporary file, standing in for a photo the user picked.
    static func samplePhoto() throws -> URL {
        let png = Data(
            base64Encoded:
                "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")
            ?? Data()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("fmclient-photo-\(UUID()).png")
        try png.write(to: url)
        return url
    }
}
#endif
