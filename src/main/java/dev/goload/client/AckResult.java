package dev.goload.client;

/**
 * Outcome of one ack call, matched by position. An item succeeded when its {@code success} is true and its
 * {@code error} is absent or empty; a body-level {@code {"error":…}} or a result array of the wrong length marks
 * every item failed.
 *
 * @param itemDlq per item: the broker answered {@code "dlq":true} (a {@code failed} ack past the retry limit moved
 *                the message to the dead-letter queue); all false when the broker does not say
 */
public record AckResult(int httpStatus, int succeeded, int failed, boolean[] itemSuccess, String firstError,
                        boolean[] itemDlq) {
    public AckResult {
        if (itemDlq == null) itemDlq = new boolean[itemSuccess.length];
    }

    public boolean allSucceeded() {
        return failed == 0;
    }

    /** Items that succeeded and were dead-lettered. */
    public int deadLettered() {
        int n = 0;
        for (int i = 0; i < itemDlq.length; i++) if (itemDlq[i] && itemSuccess[i]) n++;
        return n;
    }

    static AckResult of(int httpStatus, boolean[] ok, String firstError) {
        return of(httpStatus, ok, firstError, null);
    }

    static AckResult of(int httpStatus, boolean[] ok, String firstError, boolean[] dlq) {
        int s = 0;
        for (boolean b : ok) if (b) s++;
        return new AckResult(httpStatus, s, ok.length - s, ok, firstError, dlq);
    }
}
