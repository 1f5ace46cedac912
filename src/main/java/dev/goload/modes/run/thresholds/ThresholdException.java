package dev.goload.modes.run.thresholds;

import java.util.Optional;

/**
 * A {@code -threshold} expression that cannot be evaluated: malformed, naming a metric the mode does not have, or
 * comparing different dimensions. An {@link IllegalArgumentException}, so a command turns it into exit 2 before
 * anything is sent. {@link #unknownMetric} names the metric when that is the problem, so the command line can add a
 * "did you mean" from the mode's names.
 */
public final class ThresholdException extends IllegalArgumentException {
    private final String unknownMetric;

    ThresholdException(String message) {
        this(message, null);
    }

    ThresholdException(String message, String unknownMetric) {
        super(message);
        this.unknownMetric = unknownMetric;
    }

    public Optional<String> unknownMetric() {
        return Optional.ofNullable(unknownMetric);
    }
}
