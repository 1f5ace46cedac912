package dev.goload.modes.app;

import dev.goload.metrics.LatencyRecorder;
import java.util.List;

/**
 * The latency distributions of an {@code app} run, each an interval + whole-run HdrHistogram (µs) — replacing the
 * reference's coarse Fibonacci buckets that were reset at every report (§8.2 #19c):
 * <ul>
 *   <li>{@code qDelay}: pop receipt − the message's {@code pushTs};</li>
 *   <li>{@code e2e}: ack (or transaction) answer − {@code pushTs}, for completed messages;</li>
 *   <li>{@code push}: push call duration.</li>
 * </ul>
 * {@code app} is a <b>closed loop</b>: {@code pushTs} is the actual send instant and a slow broker slows the
 * producers down instead of showing up as latency, so none of these is coordinated-omission corrected.
 * Threading as {@link LatencyRecorder}.
 */
public final class AppRecorders {
    public final LatencyRecorder qDelay = new LatencyRecorder("qDelay");
    public final LatencyRecorder e2e = new LatencyRecorder("e2e");
    public final LatencyRecorder push = new LatencyRecorder("push");

    public List<LatencyRecorder> all() {
        return List.of(qDelay, e2e, push);
    }
}
