package dev.goload.pace;

/**
 * The open-loop pacer: turns an {@link ArrivalSchedule} into launches, never blocking.
 *
 * <p>Each call to {@link #advance(long)} offers every request whose scheduled instant is at or before
 * {@code now} — owed work is computed from the clock, so a late wake-up still offers everything that
 * became due and the offered rate cannot drift down. For each due request, in order:
 * <ol>
 *   <li>if it is more than {@code behindNanos} late, the loader itself stalled: it is shed as
 *       {@link ShedReason#BEHIND} (counted, not sent), so a loader stall is reported as a loader stall and
 *       not as broker saturation, and the pacer does not fire a burst of stale requests;</li>
 *   <li>else if the in-flight cap is full ({@link InflightLimit#tryAcquire()} fails), it is shed as
 *       {@link ShedReason#CAP};</li>
 *   <li>else it is handed to the {@link Sink} with its <em>scheduled</em> instant, from which its latency
 *       is measured (coordinated-omission correction: pacer lag shows up as latency).</li>
 * </ol>
 * Shed requests consume an offered index and are never re-offered.
 *
 * <p>Threading: one thread (the pacer thread) calls {@link #advance(long)}; {@link #offered()} may be read from
 * any thread.
 */
public final class OpenLoopPacer {

    /** Receives the pacer's decisions. Called on the pacer thread; implementations must not block. */
    public interface Sink {
        /** A slot was acquired for request {@code seq}: launch it (the sink owns releasing the slot). */
        void launch(long seq, long scheduledNanos, long nowNanos);

        /** Request {@code seq} was offered but not sent. */
        default void shed(long seq, long scheduledNanos, ShedReason reason) {}
    }

    private final ArrivalSchedule schedule;
    private final long baseNanos;
    private final long endNanos;
    private final long behindNanos;
    private final InflightLimit limit;
    private final Sink sink;

    private long nextDue;
    private volatile long offered;

    /**
     * @param baseNanos   clock instant of the schedule's offset 0
     * @param endNanos    requests scheduled at or after this instant are never offered ({@code Long.MAX_VALUE}: no end)
     * @param behindNanos lateness beyond which a due request is shed as {@link ShedReason#BEHIND}
     */
    public OpenLoopPacer(ArrivalSchedule schedule, long baseNanos, long endNanos, long behindNanos,
                         InflightLimit limit, Sink sink) {
        if (behindNanos <= 0) {
            throw new IllegalArgumentException("behind threshold must be > 0 ns");
        }
        this.schedule = schedule;
        this.baseNanos = baseNanos;
        this.endNanos = endNanos;
        this.behindNanos = behindNanos;
        this.limit = limit;
        this.sink = sink;
        this.nextDue = baseNanos + schedule.nextOffsetNanos();
    }

    /**
     * Offers every request due at or before {@code now}.
     *
     * @return the clock instant of the next scheduled request, or {@code Long.MAX_VALUE} once the schedule
     *     has reached its end
     */
    public long advance(long now) {
        long due = nextDue;
        long seq = offered;
        while (due <= now && due < endNanos) {
            if (now - due > behindNanos) {
                sink.shed(seq, due, ShedReason.BEHIND);
            } else if (!limit.tryAcquire()) {
                sink.shed(seq, due, ShedReason.CAP);
            } else {
                sink.launch(seq, due, now);
            }
            seq++;
            due = baseNanos + schedule.nextOffsetNanos();
        }
        nextDue = due;
        offered = seq;
        return due >= endNanos ? Long.MAX_VALUE : due;
    }

    /** Requests whose scheduled instant has passed (sent or shed); launches and sheds are the sink's to count. */
    public long offered() {
        return offered;
    }
}
