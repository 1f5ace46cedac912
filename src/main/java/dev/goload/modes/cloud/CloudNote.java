package dev.goload.modes.cloud;

import dev.goload.metrics.ErrorStats;
import dev.goload.modes.run.RunNote;

/** What a cloud run says besides its intervals; {@code report/CloudConsole} renders each in the reference's bytes. */
public sealed interface CloudNote extends RunNote {
    /** Every tenant's queue was configured, in {@code seconds}. */
    record Configured(int queues, double seconds) implements CloudNote {}

    /** Some configure calls failed: the run does not start. */
    record ConfigureFailed(int tenants, ErrorStats.Snapshot errors) implements CloudNote {}

    /** The producers stopped after {@code loadSec}; the drain of {@code drainSec} begins. */
    record Drain(double loadSec, int drainSec) implements CloudNote {}

    /** A stop signal: it stopped the producers early ({@code producers}), or it cuts the drain short. */
    record Signal(boolean producers) implements CloudNote {}

    /** Some tasks had not stopped {@code waitSec} after the end. */
    record Stragglers(int waitSec) implements CloudNote {}
}
