import Foundation
import GenUITestSupport
import Testing
import UniformTypeIdentifiers

@Suite("Uniform type identifiers", .tags(.unit))
struct UTTypeTests {
    @Test("system types conform through their parents, and not the other way")
    func conformance() {
        #expect(UTType.png.conforms(to: .image))
        #expect(UTType.png.conforms(to: .data))
        #expect(UTType.json.conforms(to: .text))
        #expect(!UTType.image.conforms(to: .png))
        #expect(!UTType.png.conforms(to: .text))
        #expect(UTType.image.isSupertype(of: .jpeg))
        #expect(UTType.webP.isSubtype(of: .image))
    }

    @Test("a type is found by identifier, MIME type and file-name extension, whatever their case")
    func lookups() {
        #expect(UTType("public.jpeg") == .jpeg)
        #expect(UTType(mimeType: "IMAGE/PNG") == .png)
        #expect(UTType(filenameExtension: "GIF") == .gif)
        #expect(UTType(mimeType: "application/x-unknown") == nil)
        #expect(UTType(filenameExtension: "nope") == nil)
        #expect(UTType("") == nil)
        #expect(UTType.pdf.preferredMIMEType == "application/pdf")
        #expect(UTType.json.preferredFilenameExtension == "json")
    }

    @Test("an app's own type conforms to what it was declared with, or to data")
    func exportedTypes() {
        let transcript = UTType(exportedAs: "com.example.transcript", conformingTo: .json)
        #expect(transcript.conforms(to: .json) && transcript.conforms(to: .text))
        #expect(!transcript.conforms(to: .image))
        let unknown = UTType("com.example.other")
        #expect(unknown?.conforms(to: .data) == true)
        #expect(unknown?.conforms(to: .text) == false)
    }

    @Test("a type encodes as its identifier and decodes back")
    func coding() throws {
        let data = try JSONEncoder().encode([UTType.png, UTType.json])
        #expect(String(decoding: data, as: UTF8.self) == #"["public.png","public.json"]"#)
        #expect(try JSONDecoder().decode([UTType].self, from: data) == [.png, .json])
    }
}
