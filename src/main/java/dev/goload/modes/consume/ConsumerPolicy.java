package dev.goload.modes.consume;

/**
 * What differs between the modes' consumer loops where the reference defines it (goload-behavior.md §2.1, §2.3,
 * §2.5, §2.7, §2.8): the base pause after a failed pop (grown by {@link dev.goload.modes.ErrorBackoff} while the broker
 * cannot serve), the sleep after an empty pop, and whether a pop cancelled while the loop is still running ends it.
 * Everything else — counting before/after, classification, the stop rule — is the one {@link ConsumerLoop}.
 *
 * @param errorPauseMs      the reference's pause after a failed pop: 5 ms max/openloop/app, 20 ms cloud/order,
 *                          250 ms tenants
 * @param emptySleepMs      the sleep after an empty pop (0: pop again at once, e.g. a long-poll that already waited)
 * @param exitOnCanceledPop cloud (§2.3): a cancelled pop ends the consumer even before the run's stop is seen
 */
public record ConsumerPolicy(long errorPauseMs, long emptySleepMs, boolean exitOnCanceledPop) {
    public ConsumerPolicy {
        if (errorPauseMs < 0 || emptySleepMs < 0) {
            throw new IllegalArgumentException("pauses must be >= 0: " + errorPauseMs + ", " + emptySleepMs);
        }
    }

    /**
     * The empty-pop sleep of a mode: {@code emptySleepMs}, except while long-polling when the mode's reference loop
     * skips it ({@code sleepsWhileLongPolling=false}: cloud, app); max/openloop sleep unconditionally (§2.1).
     */
    public static long emptySleep(long emptySleepMs, boolean longPolling, boolean sleepsWhileLongPolling) {
        return longPolling && !sleepsWhileLongPolling ? 0 : emptySleepMs;
    }
}
