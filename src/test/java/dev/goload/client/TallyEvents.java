package dev.goload.client;

/** Test fixture: drives a {@link ConnectionTally} as the engines do, for tests outside this package. */
public final class TallyEvents {
    private TallyEvents() {
    }

    public static void opened(ConnectionTally t) {
        t.onOpened();
    }

    public static void closed(ConnectionTally t) {
        t.onClosed(false);
    }
}
