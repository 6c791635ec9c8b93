import Foundation
import GenUI
import Instrumentation
import NIOHTTP1
import Tracing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Carries the caller's trace context to the server: every request ``HTTPClient`` sends within a span gets the
/// headers the instrument writes for it (W3C `traceparent` and `tracestate` with an OpenTelemetry tracer).
///
/// The instrument is, in order: ``instrument`` when bound; the tracer of the chain attempt sending the request
/// (``ProviderInstrumentation/tracer``, which a `ProviderChain` binds, so a tracer injected into the chain propagates
/// without any global bootstrap); the one the application bootstrapped with `InstrumentationSystem.bootstrap`. With
/// none, or outside any span, nothing is added. Only the trace context is written: no header of the request is read.
public enum TraceContextPropagation {
    /// An instrument used instead of the chain's or the global one for requests sent within this task-local binding
    /// (tests, and apps that keep several tracing pipelines apart).
    @TaskLocal public static var instrument: (any Instrument)?

    /// Adds the current context's headers to `request`.
    static func inject(into request: inout URLRequest) {
        guard let context = ServiceContext.current else { return }
        currentInstrument.inject(context, into: &request, using: URLRequestInjector())
    }
}

extension TraceContextPropagation {
    /// Adds the current context's headers to `headers` (AsyncHTTPClient's requests).
    static func inject(into headers: inout HTTPHeaders) {
        guard let context = ServiceContext.current else { return }
        currentInstrument.inject(context, into: &headers, using: HTTPHeadersInjector())
    }

    /// The bound instrument, else the chain attempt's tracer, else the application's.
    private static var currentInstrument: any Instrument {
        instrument ?? ProviderInstrumentation.tracer ?? InstrumentationSystem.instrument
    }
}

/// Writes propagation headers into AsyncHTTPClient's request headers.
struct HTTPHeadersInjector: Injector {
    func inject(_ value: String, forKey key: String, into headers: inout HTTPHeaders) {
        headers.replaceOrAdd(name: key, value: value)
    }
}

/// Writes propagation headers into a `URLRequest`.
struct URLRequestInjector: Injector {
    func inject(_ value: String, forKey key: String, into request: inout URLRequest) {
        request.setValue(value, forHTTPHeaderField: key)
    }
}
