package dev.goload.client;

/**
 * Outcome of one ack call, matched by position. An item succeeded when its {@code success} is true and its
 * {@code error} is absent or empty; a body-level {@code {"error":…}} or a result array of the wrong length marks
 * every item failed.
 */
public record AckResult(int httpStatus, int succeeded, int failed, boolean[] itemSuccess, String firstError) {
    public boolean allSucceeded() {
        return failed == 0;
    }

    static AckResult of(int httpStatus, boolean[] ok, String firstError) {
        int s = 0;
        for (boolean b : ok) if (b) s++;
        return new AckResult(httpStatus, s, ok.length - s, ok, firstError);
    }
}
