package dev.goload.modes;

import dev.goload.client.ConnectionTally;
import dev.goload.client.QueenClient;
import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.TimeWaitSampler;
import java.util.List;
import java.util.Objects;
import okhttp3.HttpUrl;

/**
 * The loader's sockets to the broker over a run: the clients' {@link ConnectionTally}s (each counted once, however
 * many clients share it) and, once a second on a daemon thread, the TIME_WAIT sockets to or from the broker's port
 * ({@link TimeWaitSampler}) and the sockets open, whose sampled peak backs the tallies' exact one. A
 * {@link LoaderMonitor} owns one for the run ({@link LoaderMonitor#connections}).
 *
 * <p>Thread-safe: samples (the sampler thread's, {@link #figures()}'s last one) take turns.
 */
public final class LoaderConnections implements AutoCloseable {
    private final List<ConnectionTally> tallies;
    private final TimeWaitSampler timeWait;
    private volatile long sampledPeakOpen;
    private EverySecond sampler;

    /** {@code tallies} counted once each; {@code timeWait}: null for no TIME_WAIT sampling. */
    LoaderConnections(List<ConnectionTally> tallies, TimeWaitSampler timeWait) {
        this.tallies = tallies.stream().distinct().toList();
        this.timeWait = timeWait;
    }

    /**
     * The sockets of {@code clients} (the same client or tally listed twice counted once) to the first one's
     * broker port, sampled from now on until {@link #close()}.
     */
    public static LoaderConnections of(List<QueenClient> clients) {
        if (clients.isEmpty()) return new LoaderConnections(List.of(), null);
        HttpUrl url = HttpUrl.parse(clients.getFirst().config().baseUrl());
        TimeWaitSampler tw = url == null ? null : new TimeWaitSampler(url.port());
        return new LoaderConnections(clients.stream().map(c -> c.stats().connections()).toList(), tw).start();
    }

    public static LoaderConnections of(QueenClient client) {
        return of(List.of(Objects.requireNonNull(client, "client")));
    }

    private LoaderConnections start() {
        sample();
        sampler = EverySecond.start("goload-connection-sampler", this::sample);
        return this;
    }

    /** One sample: the TIME_WAIT count and the sockets open now. */
    synchronized void sample() {
        if (timeWait != null) timeWait.sample();
        long open = 0;
        for (ConnectionTally t : tallies) open += t.open();
        if (open > sampledPeakOpen) sampledPeakOpen = open;
    }

    /** {@link #figures()} after one more sample (the run's end: a TIME_WAIT burst of its last second counted). */
    public ConnectionFigures finalFigures() {
        sample();
        return figures();
    }

    /**
     * The run's figures so far. The peak is the tally's exact one when the clients share a tally (every mode's do);
     * for separate tallies, the larger of the highest single peak and the sampled sum (a lower bound).
     */
    public ConnectionFigures figures() {
        long opened = 0;
        long closed = 0;
        long byPeer = 0;
        long open = 0;
        long peak = sampledPeakOpen;
        for (ConnectionTally t : tallies) {
            long c = t.closed();
            long o = t.opened(); // after closed: a socket closed in between is counted in both or only here
            opened += o;
            closed += c;
            byPeer += t.closedByPeer();
            open += o - c;
            peak = Math.max(peak, t.peakOpen());
        }
        return new ConnectionFigures(opened, closed, byPeer, peak, open, timeWait == null ? null : timeWait.peak());
    }

    @Override
    public void close() {
        if (sampler == null) return;
        sampler.close();
        sampler = null;
    }
}
