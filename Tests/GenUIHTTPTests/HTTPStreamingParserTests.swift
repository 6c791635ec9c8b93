import Foundation
import GenUI
import GenUIHTTP
import GenUITestSupport
import Testing

@Suite("SSE and NDJSON parsing", .tags(.unit))
struct HTTPStreamingParserTests {
    private func parse(_ chunks: [String]) throws -> [ServerSentEvent] {
        var parser = SSEParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += try parser.feed(Array(chunk.utf8)) }
        return events + (try parser.finish())
    }

    @Test("an event with a type, an id and data is dispatched at the blank line")
    func simpleEvent() throws {
        let events = try parse(["event: message_start\nid: 7\ndata: {\"a\":1}\n\n"])
        #expect(events == [ServerSentEvent(event: "message_start", data: "{\"a\":1}", id: "7")])
    }

    @Test("several data lines join with newlines and events without a type are 'message'")
    func multiLineData() throws {
        let events = try parse(["data: first\ndata: second\ndata\n\n"])
        #expect(events == [ServerSentEvent(data: "first\nsecond\n")])
    }

    @Test("comments and keep-alive lines are ignored, unknown fields too")
    func comments() throws {
        let events = try parse([": keep-alive\n\n:\n\nfoo: bar\ndata: x\n\n"])
        #expect(events.map(\.data) == ["x"])
    }

    @Test("CRLF and lone CR line endings work, even when CRLF is split across chunks")
    func lineEndings() throws {
        let events = try parse(["data: a\r", "\n\r", "\ndata: b\r\rdata: c\r\n\r\n"])
        #expect(events.map(\.data) == ["a", "b", "c"])
    }

    @Test("events split at arbitrary byte boundaries parse the same")
    func arbitrarySplits() throws {
        let stream = "event: delta\ndata: {\"text\":\"héllo\"}\n\nevent: done\ndata: [DONE]\n\n"
        let whole = try parse([stream])
        let bytes = Array(stream.utf8)
        for size in 1...7 {
            var parser = SSEParser()
            var events: [ServerSentEvent] = []
            var index = 0
            while index < bytes.count {
                events += try parser.feed(bytes[index..<min(index + size, bytes.count)])
                index += size
            }
            events += try parser.finish()
            #expect(events == whole, "chunk size \(size)")
        }
        #expect(whole.map(\.event) == ["delta", "done"])
        #expect(whole.first?.data == "{\"text\":\"héllo\"}")
    }

    @Test("the value keeps everything after one optional space; retry is read when numeric")
    func valueSpacing() throws {
        let events = try parse(["data:no-space\nretry: 1500\n\ndata:  two-spaces\nretry: soon\n\n"])
        #expect(events.map(\.data) == ["no-space", " two-spaces"])
        #expect(events.first?.retry == 1500)
        #expect(events.last?.retry == nil)
    }

    @Test("the id persists across events until changed, and a blank-line-only event is not dispatched")
    func idPersists() throws {
        let events = try parse(["id: 1\ndata: a\n\n\n\nevent: x\n\ndata: b\n\n"])
        #expect(events.map(\.id) == ["1", "1"])
        #expect(events.map(\.event) == ["message", "message"])
    }

    @Test("a last event without its blank line is still delivered at the end of the stream")
    func unterminatedLastEvent() throws {
        #expect(try parse(["data: tail"]).map(\.data) == ["tail"])
    }

    @Test("the line splitter handles all endings and keeps an unterminated last line")
    func lineSplitter() throws {
        var splitter = LineSplitter()
        var lines = try splitter.feed(Array("{\"a\":1}\n{\"b\"".utf8))
        lines += try splitter.feed(Array(":2}\r".utf8))
        lines += try splitter.feed(Array("\n{\"c\":3}".utf8))
        #expect(lines == ["{\"a\":1}", "{\"b\":2}"])
        #expect(splitter.finish() == "{\"c\":3}")
    }

    @Test("a retry value of any length is clamped to one day instead of overflowing")
    func hugeRetryIsClamped() throws {
        let events = try parse([
            "retry: " + String(repeating: "9", count: 400) + "\ndata: a\n\nretry: \u{0661}\u{0662}\ndata: b\n\n"
        ])
        #expect(events.first?.retry == SSEParser.maximumRetry)
        // Digits of other scripts are not numbers.
        #expect(events.last?.retry == nil)
    }

    @Test("a line longer than the limit is responseTooLarge, in the splitter and the event parser")
    func lineLimit() throws {
        var splitter = LineSplitter(maximumLineBytes: 16)
        #expect(try splitter.feed(Array("0123456789abcdef\n".utf8)) == ["0123456789abcdef"])
        #expect(throws: GenUIError.self) { try splitter.feed(Array(String(repeating: "x", count: 17).utf8)) }
        var parser = SSEParser(maximumLineBytes: 64)
        do {
            for _ in 0..<100 { _ = try parser.feed(Array("data: 0123456789".utf8)) }
            Issue.record("an endless line was accepted")
        } catch {
            guard case .responseTooLarge(let limit, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(limit == 64)
        }
    }

    @Test("an event whose data lines together pass the event limit is responseTooLarge")
    func eventLimit() throws {
        var parser = SSEParser(maximumLineBytes: 64, maximumEventBytes: 100)
        #expect(try parser.feed(Array("data: 0123456789\ndata: 0123456789\n\n".utf8)).count == 1)
        #expect(throws: GenUIError.self) {
            for _ in 0..<20 { _ = try parser.feed(Array("data: 0123456789\n".utf8)) }
        }
    }
}
