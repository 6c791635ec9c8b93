extension UTType {
    /// Any sequence of bytes.
    public static let data = UTType(identifier: "public.data", parents: [], mime: "application/octet-stream")
    /// Text of any encoding.
    public static let text = UTType(identifier: "public.text", parents: ["public.data"])
    /// Plain text without markup.
    public static let plainText = UTType(
        identifier: "public.plain-text", parents: ["public.text"], mime: "text/plain", fileExtension: "txt")
    /// Unicode text in UTF-8.
    public static let utf8PlainText = UTType(identifier: "public.utf8-plain-text", parents: ["public.plain-text"])
    /// JSON.
    public static let json = UTType(
        identifier: "public.json", parents: ["public.text"], mime: "application/json", fileExtension: "json")
    /// HTML.
    public static let html = UTType(
        identifier: "public.html", parents: ["public.text"], mime: "text/html", fileExtension: "html")
    /// Any image.
    public static let image = UTType(identifier: "public.image", parents: ["public.data"])
    /// A JPEG image.
    public static let jpeg = UTType(
        identifier: "public.jpeg", parents: ["public.image"], mime: "image/jpeg", fileExtension: "jpeg")
    /// A PNG image.
    public static let png = UTType(
        identifier: "public.png", parents: ["public.image"], mime: "image/png", fileExtension: "png")
    /// A GIF image.
    public static let gif = UTType(
        identifier: "com.compuserve.gif", parents: ["public.image"], mime: "image/gif", fileExtension: "gif")
    /// A WebP image.
    public static let webP = UTType(
        identifier: "org.webmproject.webp", parents: ["public.image"], mime: "image/webp", fileExtension: "webp")
    /// Any audio.
    public static let audio = UTType(identifier: "public.audio", parents: ["public.data"])
    /// WAVE audio.
    public static let wav = UTType(
        identifier: "com.microsoft.waveform-audio", parents: ["public.audio"], mime: "audio/wav", fileExtension: "wav")
    /// MP3 audio.
    public static let mp3 = UTType(
        identifier: "public.mp3", parents: ["public.audio"], mime: "audio/mpeg", fileExtension: "mp3")
    /// Any video or audio-visual content.
    public static let movie = UTType(identifier: "public.movie", parents: ["public.data"])
    /// A PDF document.
    public static let pdf = UTType(
        identifier: "com.adobe.pdf", parents: ["public.data"], mime: "application/pdf", fileExtension: "pdf")

    /// The system types this module knows, by identifier.
    static let system: [String: UTType] = Dictionary(
        uniqueKeysWithValues: [
            data, text, plainText, utf8PlainText, json, html, image, jpeg, png, gif, webP, audio, wav, mp3, movie, pdf,
        ].map { ($0.identifier, $0) })
}
