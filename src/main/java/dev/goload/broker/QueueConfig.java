package dev.goload.broker;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Effective configuration of one queue: the whole option bag as the caller sees it (Queen's known options with their
 * defaults, plus any unknown option, kept verbatim) and the two values the broker acts on. Immutable.
 */
record QueueConfig(int leaseSeconds, int retryLimit, Map<String, Object> options) {

    static QueueConfig defaults(int leaseSeconds, int retryLimit) {
        Map<String, Object> bag = new LinkedHashMap<>();
        bag.put("completedRetentionSeconds", 0);
        bag.put("deadLetterQueue", false);
        bag.put("delayedProcessing", 0);
        bag.put("dlqAfterMaxRetries", false);
        bag.put("encryptionEnabled", false);
        bag.put("leaseTime", leaseSeconds);
        bag.put("maxSize", 0);
        bag.put("maxWaitTimeSeconds", 0);
        bag.put("priority", 0);
        bag.put("retentionEnabled", false);
        bag.put("retentionSeconds", 0);
        bag.put("retryDelay", 1000);
        bag.put("retryLimit", retryLimit);
        bag.put("ttl", 3600);
        bag.put("windowBuffer", 0);
        return new QueueConfig(leaseSeconds, retryLimit, Collections.unmodifiableMap(bag));
    }

    /**
     * Applies a configure call: merge onto {@code this} (generation B ≥ 1.6.0), or onto the defaults when
     * {@code replace} (older brokers, {@code "mode":"replace"}).
     *
     * @throws IllegalArgumentException if leaseTime or retryLimit is not a non-negative integer
     */
    QueueConfig apply(Map<String, Object> given, boolean replace, QueueConfig defaults) {
        Map<String, Object> bag = new LinkedHashMap<>(replace ? defaults.options : options);
        bag.putAll(given);
        int lease = intOption(bag, "leaseTime", 1);
        int retries = intOption(bag, "retryLimit", 0);
        return new QueueConfig(lease, retries, Collections.unmodifiableMap(bag));
    }

    private static int intOption(Map<String, Object> bag, String key, int min) {
        Object v = bag.get(key);
        if (v instanceof Number n && n.doubleValue() == Math.rint(n.doubleValue()) && n.longValue() >= min
                && n.longValue() <= Integer.MAX_VALUE) {
            return n.intValue();
        }
        throw new IllegalArgumentException(key + " must be an integer >= " + min + ", got " + v);
    }
}
