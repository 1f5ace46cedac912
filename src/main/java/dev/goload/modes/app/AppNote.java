package dev.goload.modes.app;

import dev.goload.modes.run.RunNote;
import java.time.Duration;

/**
 * What an {@code app} run has to say besides its intervals (goload-behavior.md §2.8). {@code report/AppConsole}
 * renders each in the reference's words; the engine never prints. {@code epochMs} is when it happened.
 */
public sealed interface AppNote extends RunNote {
    /** {@code -reset}: both queues were deleted (errors ignored, as the reference does: they may not exist). */
    record Reset(String queue, String stage2Queue) implements AppNote {}

    /** A queue was configured with these options. */
    record Configured(String queue, int leaseSeconds, int retryLimit, int completedRetention, int pendingRetention)
            implements AppNote {}

    /** A queue's configure call failed (the run goes on, as the reference's does). */
    record ConfigureWarning(String queue, String message) implements AppNote {}

    /** Both queues were configured with the dead-letter options (§8.2 #19d). */
    record DeadLetterOptions() implements AppNote {}

    /** A burst starts: the rate × {@code multiplier} for {@code length}. */
    record BurstStart(long epochMs, double multiplier, Duration length) implements AppNote {}

    record BurstOver(long epochMs) implements AppNote {}

    /** {@code -producer-seconds} passed: the producers stopped and the drain watches consumption. */
    record ProducersStopped(long epochMs, int afterSeconds, int quietSeconds) implements AppNote {}

    /** No consume progress for {@code quietSeconds}: the run stops. */
    record Drained(long epochMs, int quietSeconds) implements AppNote {}

    /** The raw logs could not be flushed (the run goes on; the final block says they are incomplete). */
    record RawLogWarning(String message) implements AppNote {}
}
