package dev.goload.report.dashboard;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.ProcessSampler;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.PackedHistogram;

/**
 * One point of the dashboard's timelines: one report interval, or several adjacent ones merged exactly
 * ({@link #absorb}): counts summed, interval histograms added (HdrHistogram sums exactly), levels combined by their
 * meaning (in flight: the largest; lag, connections open: the last; loader CPU: the time-weighted mean). Histograms
 * are {@link PackedHistogram}s, whose memory follows the buckets in use, not the whole range.
 *
 * <p>Threading: built on the reporter thread ({@link #of}), then owned by the dashboard's own thread.
 */
final class DashPoint {
    /** The counters a point sums, by the record's names ({@code counters} of goload.run/2). */
    static final List<String> COUNTS = List.of("offeredReq", "sentReq", "achievedReq", "shedCapReq", "shedBehindReq",
            "pushedMsgs", "pushErrReq", "popped", "popCalls", "popErr", "emptyPops", "acked", "ackErr",
            "pushCanceledReq");

    final int first;
    int count;
    double startSec;
    double endSec;
    /** Measured seconds of the merged intervals (rates divide by this). */
    double seconds;
    final long[] counts = new long[COUNTS.size()];
    final Map<String, Long> errors = new TreeMap<>();
    final Map<String, PackedHistogram> latency = new TreeMap<>();
    int inflightMax;
    long lag;
    int liveTasks;
    double cpuCoreSeconds;
    double cpuMax;
    double gcPauseMs;
    long gcPauses;
    long rssMax;
    long heapMax;
    ConnectionFigures connections = ConnectionFigures.NONE;
    int boundIntervals;
    List<String> boundReasons = List.of();
    String phase = "";
    boolean last;

    private DashPoint(int first) {
        this.first = first;
    }

    /** A point of one interval; {@code histograms} are the interval's own (taken over, not copied). */
    static DashPoint of(IntervalSnapshot<?> s, Map<String, PackedHistogram> histograms) {
        DashPoint p = new DashPoint(s.index());
        p.count = 1;
        p.endSec = s.endSec();
        p.startSec = Math.max(0, s.endSec() - s.seconds());
        p.seconds = s.seconds();
        RunCounters.Snapshot d = s.delta();
        long[] c = {d.offeredReq(), d.sentReq(), d.achievedReq(), d.shedCapReq(), d.shedBehindReq(), d.pushedMsgs(),
                d.pushErrReq(), d.popped(), d.popCalls(), d.popErr(), d.emptyPops(), d.acked(), d.ackErr(),
                d.pushCanceledReq()};
        System.arraycopy(c, 0, p.counts, 0, c.length);
        d.errorsByKind().forEach((k, v) -> {
            if (v != 0) p.errors.put(k, v);
        });
        p.latency.putAll(histograms);
        p.inflightMax = s.inflight();
        p.lag = s.total().pushedMsgs() - s.total().popped();
        p.liveTasks = s.liveTasks();
        ProcessSampler.Sample l = s.loader();
        if (l != null) {
            p.cpuCoreSeconds = l.cpuCores() * s.seconds();
            p.cpuMax = l.cpuCores();
            p.gcPauseMs = l.gcPauseMs();
            p.gcPauses = l.gcPauses();
            p.rssMax = l.rssBytes();
            p.heapMax = l.heapUsedBytes();
        }
        p.connections = s.connections();
        p.boundIntervals = s.loaderBound().isEmpty() ? 0 : 1;
        p.boundReasons = List.copyOf(s.loaderBound());
        p.phase = s.phase();
        p.last = s.last();
        return p;
    }

    /** A copy of one interval's histogram whose memory follows its populated buckets. */
    static PackedHistogram packed(AbstractHistogram interval) {
        PackedHistogram h = new PackedHistogram(interval.getLowestDiscernibleValue(),
                interval.getHighestTrackableValue(), interval.getNumberOfSignificantValueDigits());
        h.add(interval);
        return h;
    }

    /** Merges {@code later}, the point right after this one, into this one, exactly. */
    void absorb(DashPoint later) {
        count += later.count;
        endSec = later.endSec;
        seconds += later.seconds;
        for (int i = 0; i < counts.length; i++) counts[i] += later.counts[i];
        later.errors.forEach((k, v) -> errors.merge(k, v, Long::sum));
        later.latency.forEach((tag, h) -> {
            PackedHistogram mine = latency.get(tag);
            if (mine == null) latency.put(tag, h); else mine.add(h);
        });
        inflightMax = Math.max(inflightMax, later.inflightMax);
        lag = later.lag;
        liveTasks = later.liveTasks;
        cpuCoreSeconds += later.cpuCoreSeconds;
        cpuMax = Math.max(cpuMax, later.cpuMax);
        gcPauseMs += later.gcPauseMs;
        gcPauses += later.gcPauses;
        rssMax = Math.max(rssMax, later.rssMax);
        heapMax = Math.max(heapMax, later.heapMax);
        connections = later.connections;
        boundIntervals += later.boundIntervals;
        if (!later.boundReasons.isEmpty()) boundReasons = later.boundReasons;
        phase = later.phase;
        last = later.last;
    }

    long count(String name) {
        return counts[COUNTS.indexOf(name)];
    }

    /** The point as the page reads it (docs/dashboard.md, "Events"): numbers and fixed names only. */
    Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("i", first);
        m.put("n", count);
        m.put("t0", round3(startSec));
        m.put("t", round3(endSec));
        m.put("s", round3(seconds));
        Map<String, Object> c = new LinkedHashMap<>();
        for (int i = 0; i < counts.length; i++) c.put(COUNTS.get(i), counts[i]);
        m.put("c", c);
        m.put("err", errors);
        Map<String, Object> lat = new LinkedHashMap<>();
        latency.forEach((tag, h) -> {
            if (h.getTotalCount() == 0) return;
            Map<String, Object> q = new LinkedHashMap<>();
            q.put("n", h.getTotalCount());
            q.put("p50", ms(h.getValueAtPercentile(50)));
            q.put("p90", ms(h.getValueAtPercentile(90)));
            q.put("p99", ms(h.getValueAtPercentile(99)));
            q.put("p999", ms(h.getValueAtPercentile(99.9)));
            q.put("max", ms(h.getMaxValue()));
            lat.put(tag, q);
        });
        m.put("lat", lat);
        m.put("inflight", inflightMax);
        m.put("lag", lag);
        m.put("tasks", liveTasks);
        m.put("cpu", seconds > 0 ? round3(cpuCoreSeconds / seconds) : 0);
        m.put("cpuMax", round3(cpuMax));
        m.put("gcMs", round3(gcPauseMs));
        m.put("gcPauses", gcPauses);
        m.put("rss", rssMax);
        m.put("heap", heapMax);
        Map<String, Object> k = new LinkedHashMap<>();
        k.put("opened", connections.opened());
        k.put("closed", connections.closed());
        k.put("closedByPeer", connections.closedByPeer());
        k.put("open", connections.openAtEnd());
        k.put("peakOpen", connections.peakOpen());
        k.put("timeWaitPeak", connections.timeWaitPeak());
        m.put("conn", k);
        m.put("bound", boundIntervals);
        m.put("phase", phase);
        m.put("last", last);
        return m;
    }

    private static double ms(long micros) {
        return micros / 1000.0;
    }

    private static double round3(double v) {
        return Math.round(v * 1000) / 1000.0;
    }
}
