package dev.goload.config;

/**
 * Loss attribution after a verdict with missing messages ({@code -attribute-loss}, {@code -attribute-max}):
 * whether to look the missing messages up through the broker's message API, and at most how many look-up calls.
 * Immutable.
 */
public record AttributionOptions(boolean enabled, int maxLookups) {
    public static final int DEFAULT_MAX = 100;
    public static final AttributionOptions DEFAULTS = new AttributionOptions(true, DEFAULT_MAX);
    public static final AttributionOptions OFF = new AttributionOptions(false, DEFAULT_MAX);

    public AttributionOptions {
        if (maxLookups < 0) {
            throw new IllegalArgumentException("-attribute-max must be >= 0");
        }
    }
}
