import Testing

/// What a suite needs to run, so a run can pick the fast part (`make test-unit`) or keep the slow parts serialized
/// (`scripts/run-tests`). Every suite carries exactly one of ``unit``, ``integration``, ``browser`` and
/// ``llamaServer``; a test that compares its own run times adds ``timing``. See docs/testing.md.
extension Tag {
    /// Runs in this process only: no subprocess, no llama-server, no browser. Loopback servers the test starts in
    /// process are fine. Unit suites run in parallel.
    @Tag public static var unit: Self
    /// Starts a subprocess (the `genui` binary, a script, a child test process) but no llama-server and no browser.
    @Tag public static var integration: Self
    /// Renders in a headless browser.
    @Tag public static var browser: Self
    /// Starts a real llama-server with the test model. These suites run one at a time: on a small machine parallel
    /// servers starve each other into timeouts.
    @Tag public static var llamaServer: Self
    /// Compares the times of two runs of its own (linear against quadratic work, for example). These tests run one at
    /// a time, after the parallel parts: beside other tests on two cores, the longer run is the likelier to be slowed.
    @Tag public static var timing: Self
}
