package dev.goload.verify;

/**
 * Something that takes one delivery of a sequenced message: the online {@link OrderChecker}, or the step of
 * {@code app} that feeds the checker and the raw log the same event (so the two can never judge different
 * sequences).
 */
@FunctionalInterface
public interface OrderObserver {
    void observe(int group, String partition, long seq, int retry);
}
