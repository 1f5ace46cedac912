package dev.goload.metrics;

import java.util.List;

/**
 * The latency distributions of a run, each an interval + whole-run {@link LatencyRecorder} (µs):
 * <ul>
 *   <li>{@code push}: from the request's <em>scheduled</em> instant to its 2xx (coordinated-omission
 *       corrected; the reference's p50/p99/p999);</li>
 *   <li>{@code service}: from the actual send to the 2xx (what the broker took);</li>
 *   <li>{@code failed}: from the scheduled instant to the failure, for failed pushes — kept apart so that
 *       errors and timeouts neither vanish (the reference dropped them, biasing p99 down) nor mix in;</li>
 *   <li>{@code lateness}: pacer launch − scheduled instant (the loader's own lag);</li>
 *   <li>{@code queue}: send − pacer launch (the request task waiting for a carrier thread: the loader's CPU
 *       saturation shows here). Per request, {@code push = lateness + queue + service}, so a high p99 can
 *       be told apart as schedule lag, client-side queueing or broker time;</li>
 *   <li>{@code e2e}: scheduled push instant → pop receipt ({@code -e2e});</li>
 *   <li>{@code ack}: ack call duration;</li>
 *   <li>{@code hiccup}: the loader's stalls (see {@link HiccupMonitor}).</li>
 * </ul>
 * Threading as {@link LatencyRecorder}.
 */
public final class RunRecorders {
    public final LatencyRecorder push = new LatencyRecorder("push");
    public final LatencyRecorder service = new LatencyRecorder("service");
    public final LatencyRecorder failed = new LatencyRecorder("failed");
    public final LatencyRecorder lateness = new LatencyRecorder("lateness");
    public final LatencyRecorder queue = new LatencyRecorder("queue");
    public final LatencyRecorder e2e = new LatencyRecorder("e2e");
    public final LatencyRecorder ack = new LatencyRecorder("ack");
    public final LatencyRecorder hiccup = new LatencyRecorder("hiccup");

    private final java.util.List<LatencyRecorder> extras = new java.util.concurrent.CopyOnWriteArrayList<>();

    /**
     * Adds a mode's own recorder ({@code qDelay}, {@code popWait}, {@code e2eFromSend}, …) before the run starts; it is
     * sampled, logged and summarised with the common ones. Where a meaning is the same, modes use the common tag.
     */
    public LatencyRecorder add(String tag) {
        for (LatencyRecorder r : all()) {
            if (r.tag().equals(tag)) throw new IllegalArgumentException("recorder " + tag + " exists");
        }
        LatencyRecorder r = new LatencyRecorder(tag);
        extras.add(r);
        return r;
    }

    /** The common recorders, then the mode's own in the order added. */
    public List<LatencyRecorder> all() {
        List<LatencyRecorder> common = List.of(push, service, failed, lateness, queue, e2e, ack, hiccup);
        if (extras.isEmpty()) return common;
        java.util.ArrayList<LatencyRecorder> l = new java.util.ArrayList<>(common);
        l.addAll(extras);
        return l;
    }
}
