package dev.goload.cli;

/**
 * Whether the command running on this thread got past its setup (flags → config record → client) into the run
 * itself. {@link ModeRunner} maps an {@link IllegalArgumentException} to exit 2 only before that point, where it
 * is a config record rejecting the user's flags; one thrown by the running engine is a defect, reported as such
 * with exit 1, so that exit 2 always means "fix your command line".
 *
 * <p>Per thread: a command runs on its caller's thread.
 */
final class RunStage {
    private static final ThreadLocal<Boolean> BEGUN = ThreadLocal.withInitial(() -> false);

    private RunStage() {
    }

    /** Called by a command just before it starts its engine. */
    static void begin() {
        BEGUN.set(true);
    }

    static boolean begun() {
        return BEGUN.get();
    }

    static void reset() {
        BEGUN.remove();
    }
}
