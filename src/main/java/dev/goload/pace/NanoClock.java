package dev.goload.pace;

/**
 * The monotonic clock everything that schedules or measures reads. Injected so that the pacer's schedule,
 * ramp, catch-up and shed rules can be tested exactly, without sleeping.
 *
 * <p>Implementations must be safe to call from any thread.
 */
@FunctionalInterface
public interface NanoClock {
    /** Monotonic nanoseconds; only differences are meaningful. */
    long nanoTime();

    /** The system's monotonic clock. */
    NanoClock SYSTEM = System::nanoTime;
}
