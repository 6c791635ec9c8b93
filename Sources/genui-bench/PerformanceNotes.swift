/// The standing notes under the measured tables of docs/performance.md.
enum PerformanceNotes {
    static let text = """

        ## How to read and reproduce these figures

        - `make bench` runs the whole suite (`swift run -c release genui-bench`); `make bench-quick` runs fewer
          rounds. Both rewrite this file; `--json` prints the figures as JSON, `--no-write` leaves this file alone.
          `--only SECTION[,SECTION…]` runs only the named sections (overhead, instrumentation, context, fallback,
          doctor, grammar, warm, memory, scale, scale-http, scale-slow, pull, quality, fleet, mcp, image) and prints them without writing this file.
        - The machine is shared and noisy: every figure is a median, a ratio of interleaved runs, or both, taken in one
          run of the benchmark. Absolute times are indicative only; compare ratios.
        - Goals are the project's stated performance goals. Where a goal is not met the table says so, the list of
          goals above names it, and the section's note explains why when the cause is known.
        - The router-overhead section reports two ratios. The wall-clock ratio is what the goal is stated in; its
          per-pair spread shows how much llama-server's own timing varies between identical requests on this
          machine (often more than the 1 % being measured). The ratio from the time outside llama-server takes that
          variation out: it compares what each client adds around the same server work.
        - The guided-generation section gives both variants the same token limit and counts every token spent,
          failed attempts included, per valid screen.
        - Nothing in the test suite asserts wall-clock speed: performance lives here, not in tests.

        """
}
