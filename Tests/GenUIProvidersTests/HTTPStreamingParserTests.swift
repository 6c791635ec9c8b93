import Foundation
import GenUI
import GenUIHTTP
import Testing

@Suite("SSE and NDJSON parsing")
struct HTTPStreamingParserTests {
    private func parse(_ chunks: [String]) -> [ServerSentEvent] {
        var parser = SSEParser()
        var events: [ServerSentEvent] = []
        for chunk in chunks { events += parser.feed(Array(chunk.utf8)) }
        return events + parser.finish()
    }

    @Test("an event with a type, an id and data is dispatched at the blank line")
    func simpleEvent() {
        let events = parse(["event: message_start\nid: 7\ndata: {\"a\":1}\n\n"])
        #expect(events == [ServerSentEvent(event: "message_start", data: "{\"a\":1}", id: "7")])
    }

    @Test("several data lines join with newlines and events without a type are 'message'")
    func multiLineData() {
        let events = parse(["data: first\ndata: second\ndata\n\n"])
        #expect(events == [ServerSentEvent(data: "first\nsecond\n")])
    }

    @Test("comments and keep-alive lines are ignored, unknown fields too")
    func comments() {
        let events = parse([": keep-alive\n\n:\n\nfoo: bar\ndata: x\n\n"])
        #expect(events.map(\.data) == ["x"])
    }

    @Test("CRLF and lone CR line endings work, even when CRLF is split across chunks")
    func lineEndings() {
        let events = parse(["data: a\r", "\n\r", "\ndata: b\r\rdata: c\r\n\r\n"])
        #expect(events.map(\.data) == ["a", "b", "c"])
    }

    @Test("events split at arbitrary byte boundaries parse the same")
    func arbitrarySplits() {
        let stream = "event: delta\ndata: {\"text\":\"héllo\"}\n\nevent: done\ndata: [DONE]\n\n"
        let whole = parse([stream])
        let bytes = Array(stream.utf8)
        for size in 1...7 {
            var parser = SSEParser()
            var events: [ServerSentEvent] = []
            var index = 0
            while index < bytes.count {
                events += parser.feed(bytes[index..<min(index + size, bytes.count)])
                index += size
            }
            events += parser.finish()
            #expect(events == whole, "chunk size \(size)")
        }
        #expect(whole.map(\.event) == ["delta", "done"])
        #expect(whole.first?.data == "{\"text\":\"héllo\"}")
    }

    @Test("the value keeps everything after one optional space; retry is read when numeric")
    func valueSpacing() {
        let events = parse(["data:no-space\nretry: 1500\n\ndata:  two-spaces\nretry: soon\n\n"])
        #expect(events.map(\.data) == ["no-space", " two-spaces"])
        #expect(events.first?.retry == 1500)
        #expect(events.last?.retry == nil)
    }

    @Test("the id persists across events until changed, and a blank-line-only event is not dispatched")
    func idPersists() {
        let events = parse(["id: 1\ndata: a\n\n\n\nevent: x\n\ndata: b\n\n"])
        #expect(events.map(\.id) == ["1", "1"])
        #expect(events.map(\.event) == ["message", "message"])
    }

    @Test("a last event without its blank line is still delivered at the end of the stream")
    func unterminatedLastEvent() {
        #expect(parse(["data: tail"]).map(\.data) == ["tail"])
    }

    @Test("the line splitter handles all endings and keeps an unterminated last line")
    func lineSplitter() {
        var splitter = LineSplitter()
        var lines = splitter.feed(Array("{\"a\":1}\n{\"b\"".utf8))
        lines += splitter.feed(Array(":2}\r".utf8))
        lines += splitter.feed(Array("\n{\"c\":3}".utf8))
        #expect(lines == ["{\"a\":1}", "{\"b\":2}"])
        #expect(splitter.finish() == "{\"c\":3}")
    }
}
