package dev.goload.client;

/**
 * One {@link PopRequest}'s pop with its request built once ({@link QueenClient#prepare}): a closed-loop consumer
 * repeats the same pop for the whole run, and building its URL and headers per call was ~6 % of a cloud
 * consumer's CPU at the cloud shape (-tenants 4 -rate 3000: 1-2 messages per long-poll pop, so the per-request cost is all there is).
 * Thread-safe: every call is a fresh exchange of the same immutable request.
 */
@FunctionalInterface
public interface PreparedPop {
    /** As {@link QueenClient#pop(PopRequest)} of the prepared request. */
    PopResult pop();
}
