package dev.goload.report;

import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import java.io.PrintStream;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How far a finite run is, after each interval's lines: {@code [HH:MM:SS] + t=3h12m/24h (13%)}, so a person
 * watching a soak knows where it stands. An addition line (it starts {@code [HH:MM:SS] +}, as goload's other
 * interval additions), so parsers of the reference's lines skip it and no reference line changes.
 *
 * <p>Register it after the mode's console in the run's listener list: listeners are called in order, so the line
 * then follows the interval line and its {@code +} lines. It is printed for the intervals the mode's console prints
 * ({@code shown}: every one in openloop and max, the full ones in cm, app and tenants, in cloud the partial last one
 * only beyond 100 ms), so it never stands without its interval line; past the planned duration (a drain phase) it
 * reads {@code (100%, drain)}.
 *
 * <p>Threading: the reporter thread.
 */
public final class ProgressLine implements RunListener<Object> {
    /** The consoles that print every interval, the partial last one too (openloop, max). */
    public static final Predicate<IntervalSnapshot<?>> EVERY_INTERVAL = s -> true;
    /** The consoles that leave the partial last interval to the final block (cm, app, tenants). */
    public static final Predicate<IntervalSnapshot<?>> FULL_INTERVALS = s -> !s.last();

    private final long plannedSeconds;
    private final Predicate<IntervalSnapshot<?>> shown;
    private final PrintStream out;

    private ProgressLine(long plannedSeconds, Predicate<IntervalSnapshot<?>> shown, PrintStream out) {
        this.plannedSeconds = plannedSeconds;
        this.shown = shown;
        this.out = out;
    }

    /**
     * The progress line of a run planned to last {@code durationSeconds}; none when it runs until stopped (0).
     *
     * @param shown the intervals the mode's console prints a line for
     */
    public static Optional<ProgressLine> of(long durationSeconds, Predicate<IntervalSnapshot<?>> shown,
                                            PrintStream out) {
        return durationSeconds > 0 ? Optional.of(new ProgressLine(durationSeconds, shown, out)) : Optional.empty();
    }

    @Override
    public void onInterval(IntervalSnapshot<?> s) {
        if (!shown.test(s)) return;
        out.println(line(s.endEpochMs(), s.endSec(), s.phase()));
    }

    String line(long endEpochMs, double elapsedSec, String phase) {
        long elapsed = (long) Math.floor(elapsedSec);
        StringBuilder b = new StringBuilder(48).append('[').append(GoFmt.hms(endEpochMs)).append("] + t=")
                .append(span(elapsed)).append('/').append(span(plannedSeconds)).append(" (");
        if (elapsed > plannedSeconds) {
            b.append("100%, ").append(phase);
        } else {
            b.append(elapsed * 100 / plannedSeconds).append('%');
        }
        return b.append(')').toString();
    }

    /** {@code 45s}, {@code 4m5s}, {@code 1m}, {@code 3h12m}, {@code 24h}: seconds dropped from an hour on. */
    static String span(long seconds) {
        long h = seconds / 3600, m = seconds % 3600 / 60, s = seconds % 60;
        StringBuilder b = new StringBuilder();
        if (h > 0) {
            b.append(h).append('h');
            if (m > 0) b.append(m).append('m');
            return b.toString();
        }
        if (m > 0) b.append(m).append('m');
        if (s > 0 || m == 0) b.append(s).append('s');
        return b.toString();
    }
}
