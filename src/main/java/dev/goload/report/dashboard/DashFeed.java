package dev.goload.report.dashboard;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.report.html.RunRecord;
import dev.goload.report.html.VerdictWhy;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

/**
 * The dashboard's feed: on its own thread, it adds each interval to the {@link DashHistory}, encodes the events
 * (docs/dashboard.md, "Events") and offers them to every connected {@link SseClient}. A page that connects gets
 * {@code hello}, then the bounded history ({@code history}), then the live {@code interval}s; every
 * {@code fineCap} intervals the history is sent again, so a page that has been open for a day holds the same bounded,
 * exactly merged points as the server; after the run, {@code final}.
 *
 * <p>Threading: {@link #interval} and {@link #finish} are called by the run's threads and only queue a task. A full
 * queue drops an interval and counts it, never blocks; the final event is never dropped: {@link #finish} waits for
 * room (bounded by {@link #FINAL_WAIT_MILLIS}) and, with the feed thread stuck past that, publishes it itself.
 * {@link #connect} and {@link #disconnect} come from the server's threads. The client list and the encoded history are guarded by {@code lock}, held only to offer.
 */
final class DashFeed {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Field names whose values are masked in the mode's figures (as the HTML report's mode section). */
    private static final Pattern SECRET = Pattern.compile("(?i).*(key|token|password|secret|authorization).*");
    /** Tasks the feed thread may be behind; one more interval is dropped and counted. */
    static final int QUEUE = 256;
    /** How long {@link #finish} waits for room in a full queue before publishing the final event itself. */
    static final long FINAL_WAIT_MILLIS = 5_000;

    private final DashboardServer.RunInfo info;
    private final DashHistory history;
    private final int clientQueue;
    private final int maxClients;
    private final ThreadPoolExecutor thread;
    private final AtomicLong droppedIntervals = new AtomicLong();
    private final Object lock = new Object();
    private final List<SseClient> clients = new ArrayList<>();
    /** The streams the final event was offered to, until they have written it. */
    private final List<SseClient> flushing = new ArrayList<>();
    private final Map<DashPoint, String> encoded = new java.util.IdentityHashMap<>();
    private long nextId;
    private List<String> points = List.of();
    private int width = 1;
    private byte[] finalEvent;
    private Map<String, Object> state = Map.of();
    private volatile Path report;
    private long sinceResync;

    DashFeed(DashboardServer.RunInfo info, DashHistory history, int clientQueue, int maxClients) {
        this.info = info;
        this.history = history;
        this.clientQueue = clientQueue;
        this.maxClients = maxClients;
        this.thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(QUEUE),
                Thread.ofPlatform().daemon().name("goload-dashboard-feed").factory(),
                (r, e) -> droppedIntervals.incrementAndGet());
        thread.prestartCoreThread(); // the thread runs from now on: finish can hand the queue a task directly
    }

    /** Queues one interval (reporter thread): the point and what the page shows besides the timelines. */
    void interval(DashPoint p, IntervalSnapshot<?> s) {
        Object mode = s.mode();
        RunCounters.Snapshot total = s.total();
        List<String> bound = List.copyOf(s.loaderBound());
        String phase = s.phase();
        double endSec = s.endSec();
        boolean last = s.last();
        thread.execute(() -> publish(p, live(total, mode, bound, phase, endSec, last)));
    }

    /**
     * Queues the final event (the run's thread), after every interval queued before it. A full queue is waited on,
     * not dropped as an interval is: pages must see the end. Should the feed thread not make room within
     * {@link #FINAL_WAIT_MILLIS}, the final event is published from here (intervals still queued then reach no page).
     */
    void finish(Path record, Path html) {
        if (html != null) report = html;
        Runnable task = () -> publishFinal(record, html);
        boolean queued = false;
        if (!thread.isShutdown()) {
            try {
                queued = thread.getQueue().offer(task, FINAL_WAIT_MILLIS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (!queued) publishFinal(record, html);
    }

    /** Runs {@code task} on the feed thread, queued as an interval is (tests: hold the thread to fill the queue). */
    void onFeedThread(Runnable task) {
        thread.execute(task);
    }

    Path reportFile() {
        return report;
    }

    long droppedIntervals() {
        return droppedIntervals.get();
    }

    /** A new stream, already holding hello and the history (and final, after the run); null when too many. */
    SseClient connect() {
        SseClient c = new SseClient(clientQueue);
        synchronized (lock) {
            clients.removeIf(SseClient::ended);
            if (clients.size() >= maxClients) return null;
            c.offer(event("hello", hello()));
            c.offer(historyEvent());
            if (finalEvent != null) {
                c.offer(finalEvent);
                c.offer(SseClient.END);
            } else {
                clients.add(c);
            }
        }
        return c;
    }

    /** Waits until every task queued before this call has run (tests). */
    void sync() throws InterruptedException {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        while (thread.getQueue().remainingCapacity() == 0) Thread.sleep(5);
        thread.execute(done::countDown);
        if (!done.await(20, TimeUnit.SECONDS)) throw new IllegalStateException("feed thread stuck");
    }

    /** Tasks queued for the feed thread (tests pace themselves by it, as a real reporter's period does). */
    int queued() {
        return thread.getQueue().size();
    }

    /** Streams receiving live events now. */
    int clients() {
        synchronized (lock) {
            clients.removeIf(SseClient::ended);
            return clients.size();
        }
    }

    void disconnect(SseClient c) {
        synchronized (lock) {
            clients.remove(c);
        }
    }

    /**
     * Waits until the final event is queued and every stream that had it has written it, or {@code millis} have
     * passed: a bounded wait, never one on a browser that does not read.
     */
    void awaitFlushed(long millis) throws InterruptedException {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            synchronized (lock) {
                if (finalEvent != null && flushing.stream().allMatch(SseClient::ended)) return;
            }
            Thread.sleep(10);
        }
    }

    /** Stops the feed thread and drops every stream (the server is going away). */
    void close() {
        thread.shutdown();
        try {
            thread.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        synchronized (lock) {
            clients.forEach(SseClient::drop);
            flushing.forEach(SseClient::drop);
            clients.clear();
        }
    }

    private void publish(DashPoint p, Map<String, Object> live) {
        boolean coarseChanged = history.add(p);
        List<DashPoint> all = history.points();
        encoded.keySet().retainAll(new java.util.HashSet<>(all)); // identity: merged-away points leave
        if (coarseChanged && history.size() > history.fineCap()) {
            encoded.remove(all.get(all.size() - history.fineCap() - 1)); // the open group changed
        }
        if (coarseChanged && history.width() != width) encoded.clear(); // a compaction changed every group
        List<String> json = new ArrayList<>(all.size());
        for (DashPoint q : all) json.add(encoded.computeIfAbsent(q, DashFeed::encode));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("point", new Raw(encoded.get(p)));
        m.put("state", live);
        synchronized (lock) {
            points = json;
            width = history.width();
            state = live;
            byte[] e = event("interval", m);
            boolean resync = ++sinceResync >= history.fineCap();
            byte[] h = resync ? historyEvent() : null;
            if (resync) sinceResync = 0;
            for (SseClient c : clients) {
                c.offer(e);
                if (h != null) c.offer(h);
            }
            clients.removeIf(SseClient::dropped);
        }
    }

    private void publishFinal(Path record, Path html) {
        Map<String, Object> f = new LinkedHashMap<>();
        synchronized (lock) {
            if (finalEvent != null) return;
            f.put("state", state);
        }
        f.put("report", html == null ? null : "report");
        if (record != null) {
            try {
                RunRecord r = RunRecord.of(JSON.readTree(record.toFile()));
                f.put("verdict", r.verdict().result());
                f.put("headline", VerdictWhy.headline(r));
                f.put("why", VerdictWhy.details(r, html == null ? "in the run record (verdict.findings)" : "in the report"));
                f.put("durationSec", r.durationSec());
                f.put("stopReason", r.stopReason());
                f.put("counters", r.counters());
                Map<String, Object> lat = new LinkedHashMap<>();
                r.latency().forEach((tag, n) -> {
                    if (n.path("count").asLong(0) > 0) lat.put(tag, n);
                });
                f.put("latency", lat);
                f.put("loaderBound", r.loader().loaderBound());
                f.put("loaderReasons", r.loader().reasons());
            } catch (Exception e) {
                f.put("recordError", "the run record could not be read: " + e.getClass().getSimpleName());
            }
        }
        f.put("droppedIntervals", droppedIntervals.get());
        synchronized (lock) {
            if (finalEvent != null) return; // published from the other side meanwhile (finish's fallback)
            finalEvent = event("final", f);
            for (SseClient c : clients) {
                c.offer(finalEvent);
                c.offer(SseClient.END);
            }
            flushing.addAll(clients);
            clients.clear();
        }
    }

    private Map<String, Object> hello() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("runId", info.runId());
        m.put("mode", info.mode());
        m.put("shard", info.shard());
        m.put("durationSec", info.durationSeconds());
        m.put("reportSec", info.reportSeconds());
        m.put("fineCap", history.fineCap());
        return m;
    }

    /** Under {@code lock}: the bounded history as one event. */
    private byte[] historyEvent() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("width", width);
        m.put("points", new Raw("[" + String.join(",", points) + "]"));
        m.put("state", state);
        m.put("droppedIntervals", droppedIntervals.get());
        return event("history", m);
    }

    private Map<String, Object> live(RunCounters.Snapshot total, Object mode, List<String> bound, String phase,
                                     double endSec, boolean last) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("t", Math.round(endSec * 1000) / 1000.0);
        m.put("phase", phase);
        m.put("last", last);
        m.put("loaderBound", bound);
        Map<String, Object> totals = new LinkedHashMap<>();
        totals.put("offeredReq", total.offeredReq());
        totals.put("achievedReq", total.achievedReq());
        totals.put("shedReq", total.shedReq());
        totals.put("pushedMsgs", total.pushedMsgs());
        totals.put("popped", total.popped());
        totals.put("acked", total.acked());
        totals.put("pushErrReq", total.pushErrReq());
        totals.put("popErr", total.popErr());
        totals.put("ackErr", total.ackErr());
        m.put("totals", totals);
        m.put("errors", total.errorsByKind());
        m.put("modeFigures", modeFigures(mode));
        m.put("droppedIntervals", droppedIntervals.get());
        return m;
    }

    /** The mode's own figures of the interval (cloud's, cm's stages, tenants' parked consumers), secrets masked. */
    static JsonNode modeFigures(Object mode) {
        if (mode == null) return null;
        try {
            JsonNode n = JSON.valueToTree(mode);
            mask(n);
            return n;
        } catch (IllegalArgumentException e) {
            return null; // not a plain record of figures: the page shows the common ones only
        }
    }

    private static void mask(JsonNode n) {
        if (n instanceof ObjectNode o) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            for (String k : names) {
                if (SECRET.matcher(k).matches()) o.put(k, "***");
                else mask(o.get(k));
            }
        } else if (n.isArray()) {
            n.forEach(DashFeed::mask);
        }
    }

    private static String encode(DashPoint p) {
        try {
            return JSON.writeValueAsString(p.json());
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One SSE event: {@code id}, {@code event}, one {@code data} line (JSON has no raw newline). */
    private byte[] event(String name, Object data) {
        String json;
        try {
            json = JSON.writeValueAsString(data);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        // after the final event the browser must not reconnect: the run is over (as k6's dashboard does)
        String retry = name.equals("final") ? "retry: 9007199254740991\n" : "";
        return ("id: " + nextId++ + "\nevent: " + name + "\n" + retry + "data: " + json + "\n\n")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** Already-encoded JSON, written as is. */
    record Raw(String json) {
        @com.fasterxml.jackson.annotation.JsonValue
        @com.fasterxml.jackson.annotation.JsonRawValue
        public String value() {
            return json;
        }
    }
}
