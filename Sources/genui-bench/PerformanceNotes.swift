/// The standing notes under the measured tables of docs/performance.md.
enum PerformanceNotes {
    static let text = """

        ## How to read and reproduce these figures

        - `make bench` runs the whole suite (`swift run -c release genui-bench`); `make bench-quick` runs fewer
          rounds. Both rewrite this file; `--json` prints the figures as JSON, `--no-write` leaves this file alone.
        - The machine is shared and noisy: every figure is a median, a ratio of interleaved runs, or both, taken in one
          run of the benchmark. Absolute times are indicative only; compare ratios.
        - Goals come from the project's performance issue. Where a goal is not met the table says so; the section's
          note explains why when the cause is known.
        - Nothing in the test suite asserts wall-clock speed: performance lives here, not in tests.

        """
}
