package dev.goload.pace;

/**
 * The offered-rate curve of a pacer: a constant request rate reached by a linear ramp from zero over
 * {@code rampSeconds} (the reference's {@code -ramp-sec}).
 *
 * <p>The cumulative number of arrivals owed after {@code t} seconds is
 * {@code F(t) = rps·t²/(2R)} while {@code t < R}, and {@code rps·(t − R/2)} afterwards ({@code R = 0}: plain
 * {@code rps·t}). {@link #secondsAt(double)} is {@code F⁻¹}: the instant at which the x-th arrival is due.
 * These are exactly the reference pacer's formulas (goload-behavior.md §1.6 A), so schedules match it.
 *
 * <p>Immutable and thread-safe.
 */
public record RateCurve(double requestsPerSecond, double rampSeconds) {

    public RateCurve {
        if (!(requestsPerSecond > 0) || Double.isInfinite(requestsPerSecond)) {
            throw new IllegalArgumentException("request rate must be > 0, got " + requestsPerSecond);
        }
        if (!(rampSeconds >= 0)) {
            throw new IllegalArgumentException("ramp must be >= 0 s, got " + rampSeconds);
        }
    }

    /** Seconds after the base at which the arrival with cumulative index {@code x} (≥ 0) is due. */
    public double secondsAt(double x) {
        double r = rampSeconds;
        if (r > 0 && x < requestsPerSecond * r / 2) {
            return Math.sqrt(2 * x * r / requestsPerSecond);
        }
        return x / requestsPerSecond + r / 2;
    }
}
