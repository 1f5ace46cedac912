package dev.goload.modes;

import dev.goload.client.ConnectionTally;
import dev.goload.client.QueenClient;
import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.TimeWaitSampler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;
import okhttp3.HttpUrl;

/**
 * The loader's sockets to the broker over a run: the clients' {@link ConnectionTally}s (each counted once, however
 * many clients share it) and, once a second on a daemon thread, the TIME_WAIT sockets to or from the broker's port
 * ({@link TimeWaitSampler}) and the sockets open, whose sampled peak backs the tallies' exact one. A
 * {@link LoaderMonitor} owns one for the run ({@link LoaderMonitor#connections}).
 *
 * <p>The kernel's tables list every socket of the machine, so reading them costs in proportion to all of them
 * (0.9 % of a 500k msg/s push run's CPU, in the kernel's {@code established_get_first}). They are read only when a
 * new TIME_WAIT socket of the loader's can exist: one appears only after a close, and the tallies count every close
 * of the loader's sockets (by either end). A socket the loader closed enters TIME_WAIT when the peer's FIN arrives,
 * at most {@code tcp_fin_timeout} later (then the kernel drops the orphan without one); a broker on this machine
 * closing first puts its side into TIME_WAIT at once. So the tables are read at the start, then on every sample
 * while a close was counted within the last {@code tcp_fin_timeout} + 2 s; otherwise the count can only fall and the
 * peak stands. A keep-alive run that never closes a socket reads them once. Within that window the tables are
 * still skipped while the machine's TIME_WAIT count ({@code tw} of {@code /proc/net/sockstat}, one line, both
 * families) is not above the peak: the port's count cannot exceed it, so the peak cannot rise. On a machine that
 * runs the loader and its broker that skips every read once the count stops rising; at the bench's cloud shape the
 * reads were ~13 % of the loader's CPU samples on a machine with ~10,000 sockets (docs/benchmarks-history.md,
 * "cloud shape", 2026-12-02, 85875e5).
 *
 * <p>Thread-safe: samples (the sampler thread's, {@link #figures()}'s last one) take turns.
 */
public final class LoaderConnections implements AutoCloseable {
    private final List<ConnectionTally> tallies;
    private final TimeWaitSampler timeWait;
    private final LongSupplier clock;
    /** The machine's TIME_WAIT sockets now, -1 when unknown ({@link #machineTimeWait}). */
    private final LongSupplier machineTimeWait;
    private long tableSkips;
    /** How long after a close a TIME_WAIT socket may still appear: {@code tcp_fin_timeout} + 2 s. */
    private final long closeWindowNanos;
    /** The tallies' closes summed at the last sample. */
    private long closedSeen;
    private long lastCloseNanos;
    private long tableReads;
    private volatile long sampledPeakOpen;
    private EverySecond sampler;

    /** {@code tallies} counted once each; {@code timeWait}: null for no TIME_WAIT sampling. */
    LoaderConnections(List<ConnectionTally> tallies, TimeWaitSampler timeWait) {
        this(tallies, timeWait, System::nanoTime, finTimeoutSeconds(Path.of("/proc/sys/net/ipv4/tcp_fin_timeout")),
                () -> machineTimeWait(Path.of("/proc/net/sockstat")));
    }

    LoaderConnections(List<ConnectionTally> tallies, TimeWaitSampler timeWait, LongSupplier clock, long finTimeoutSec) {
        this(tallies, timeWait, clock, finTimeoutSec, () -> -1);
    }

    LoaderConnections(List<ConnectionTally> tallies, TimeWaitSampler timeWait, LongSupplier clock, long finTimeoutSec,
                      LongSupplier machineTimeWait) {
        this.tallies = tallies.stream().distinct().toList();
        this.timeWait = timeWait;
        this.clock = clock;
        this.machineTimeWait = machineTimeWait;
        this.closeWindowNanos = (finTimeoutSec + 2) * 1_000_000_000L;
    }

    /**
     * The {@code tw} figure of the {@code TCP:} line of a {@code /proc/net/sockstat} file (the network namespace's
     * TIME_WAIT sockets, IPv4 and IPv6), or -1 when unreadable or absent.
     */
    static long machineTimeWait(Path sockstat) {
        try {
            for (String line : Files.readAllLines(sockstat)) {
                if (!line.startsWith("TCP:")) continue;
                String[] f = line.trim().split("\\s+");
                for (int i = 1; i + 1 < f.length; i++) if (f[i].equals("tw")) return Long.parseLong(f[i + 1]);
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            return -1;
        }
        return -1;
    }

    /** The kernel's {@code tcp_fin_timeout} (seconds) from {@code file}; its default, 60, when unreadable. */
    static long finTimeoutSeconds(Path file) {
        try {
            return Math.max(0, Long.parseLong(Files.readString(file).strip()));
        } catch (IOException | NumberFormatException | SecurityException e) {
            return 60;
        }
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

    /**
     * The figures of {@code clients} now, without sampling TIME_WAIT (null): for a run that stops before its
     * monitor's figures are taken (a fatal configure), to tell whether the broker ever answered.
     */
    public static ConnectionFigures now(List<QueenClient> clients) {
        return new LoaderConnections(clients.stream().map(c -> c.stats().connections()).toList(), null).figures();
    }

    public static LoaderConnections of(QueenClient client) {
        return of(List.of(Objects.requireNonNull(client, "client")));
    }

    private LoaderConnections start() {
        sample();
        sampler = EverySecond.start("goload-connection-sampler", this::sample);
        return this;
    }

    /** One sample: the sockets open now and, when a new one can exist (see above), the TIME_WAIT count. */
    synchronized void sample() {
        long open = 0;
        long closed = 0;
        for (ConnectionTally t : tallies) {
            open += t.open();
            closed += t.closed();
        }
        if (open > sampledPeakOpen) sampledPeakOpen = open;
        long now = clock.getAsLong();
        if (closed != closedSeen) { // a close since the last sample (the tallies' counts only grow)
            closedSeen = closed;
            lastCloseNanos = now;
        }
        boolean first = tableReads == 0;
        if (timeWait != null && (first || (closed > 0 && now - lastCloseNanos <= closeWindowNanos))) {
            Long peak = first ? null : timeWait.peak();
            long machine = peak == null ? -1 : machineTimeWait.getAsLong();
            if (machine >= 0 && machine <= peak) {
                tableSkips++; // the port's count is at most the machine's: the peak cannot rise
            } else {
                timeWait.sample();
                tableReads++;
            }
        }
    }

    /** Samples that skipped the tables because the machine's TIME_WAIT count was not above the peak (tests). */
    synchronized long tableSkips() {
        return tableSkips;
    }

    /** Times the kernel's tables were read so far. */
    synchronized long tableReads() {
        return tableReads;
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
        long requests = 0;
        long answers = 0;
        String cause = null;
        for (ConnectionTally t : tallies) {
            answers += t.answers();
            requests += t.requests(); // after answers: an answer counted here has its request counted too
            if (cause == null) cause = t.noAnswerCause();
            long c = t.closed();
            long o = t.opened(); // after closed: a socket closed in between is counted in both or only here
            opened += o;
            closed += c;
            byPeer += t.closedByPeer();
            open += o - c;
            peak = Math.max(peak, t.peakOpen());
        }
        return new ConnectionFigures(opened, closed, byPeer, peak, open, timeWait == null ? null : timeWait.peak(),
                requests, answers, cause);
    }

    @Override
    public void close() {
        if (sampler == null) return;
        sampler.close();
        sampler = null;
    }
}
