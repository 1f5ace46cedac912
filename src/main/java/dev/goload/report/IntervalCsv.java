package dev.goload.report;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import java.util.Locale;

/**
 * The interval CSV: one row per report interval, rates per measured second, latencies in ms; the last columns say
 * the interval's phase and whether it is the partial last one (whose rates cover the drain: leave it out of rate
 * statistics); after them, appended so that parsers reading columns by position keep working, the run's sockets to
 * the broker so far (opened, closed, of those closed by the broker first, open at the interval's end: the loader's
 * own closes over a window are the difference of {@code conns_closed_total - conns_closed_by_peer_total}).
 */
final class IntervalCsv {
    static final String HEADER = "end_epoch_ms,interval,seconds,offered_req_s,achieved_req_s,shed_cap_req,"
            + "shed_behind_req,pushed_msgs_s,popped_msgs_s,acked_msgs_s,inflight,push_p50_ms,push_p90_ms,push_p99_ms,"
            + "push_p999_ms,push_max_ms,service_p50_ms,service_p99_ms,failed_req,failed_p99_ms,item_failed,"
            + "lateness_p99_ms,lateness_max_ms,queue_p99_ms,e2e_p50_ms,e2e_p99_ms,ack_p99_ms,pushed_total,popped_total,lag,"
            + "push_err_total,pop_err_total,empty_total,acked_total,ack_err_total,loader_cpu_cores,gc_pauses,"
            + "gc_pause_ms,rss_mb,hiccup_p99_ms,hiccup_max_ms,loader_bound,phase,last,conns_opened_total,conns_closed_total,"
            + "conns_closed_by_peer_total,conns_open";

    private IntervalCsv() {}

    static String row(dev.goload.modes.run.IntervalSnapshot<?> r) {
        RunCounters.Snapshot d = r.delta();
        RunCounters.Snapshot t = r.total();
        LatencySummary push = r.latency("push");
        LatencySummary svc = r.latency("service");
        LatencySummary late = r.latency("lateness");
        LatencySummary e2e = r.latency("e2e");
        LatencySummary hic = r.latency("hiccup");
        ConnectionFigures k = r.connections();
        return String.join(",",
                Long.toString(r.endEpochMs()), Integer.toString(r.index()), n(r.seconds()),
                n(r.rate(d.offeredReq())), n(r.rate(d.achievedReq())), Long.toString(d.shedCapReq()),
                Long.toString(d.shedBehindReq()), n(r.rate(d.pushedMsgs())), n(r.rate(d.popped())),
                n(r.rate(d.acked())), Integer.toString(r.inflight()),
                n(push.p50()), n(push.p90()), n(push.p99()), n(push.p999()), n(push.max()),
                n(svc.p50()), n(svc.p99()), Long.toString(d.pushErrReq()), n(r.latency("failed").p99()),
                Long.toString(d.itemFailed()), n(late.p99()), n(late.max()), n(r.latency("queue").p99()), n(e2e.p50()), n(e2e.p99()),
                n(r.latency("ack").p99()), Long.toString(t.pushedMsgs()), Long.toString(t.popped()),
                Long.toString(t.pushedMsgs() - t.popped()), Long.toString(t.pushErrReq()), Long.toString(t.popErr()),
                Long.toString(t.emptyPops()), Long.toString(t.acked()), Long.toString(t.ackErr()),
                n(r.loader().cpuCores()), Long.toString(r.loader().gcPauses()), n(r.loader().gcPauseMs()),
                Long.toString(r.loader().rssBytes() >> 20), n(hic.p99()), n(hic.max()),
                Boolean.toString(!r.loaderBound().isEmpty()), r.phase(), Boolean.toString(r.last()),
                Long.toString(k.opened()), Long.toString(k.closed()), Long.toString(k.closedByPeer()),
                Long.toString(k.openAtEnd()));
    }

    private static String n(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
