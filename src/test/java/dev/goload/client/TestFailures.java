package dev.goload.client;

/** Builds client failures for tests outside the client package (its constructors are package-private). */
public final class TestFailures {
    private TestFailures() {
    }

    public static QueenException of(ErrorKind kind) {
        return QueenException.of(kind, 0, "test " + kind.label(), null);
    }

    public static QueenException http(int status) {
        return QueenException.http(status, "", Double.NaN, "{\"error\":\"test\"}");
    }

    public static QueenException http(int status, String code, double retryAfterSeconds) {
        return QueenException.http(status, code, retryAfterSeconds, "{\"error\":\"test\"}");
    }
}
