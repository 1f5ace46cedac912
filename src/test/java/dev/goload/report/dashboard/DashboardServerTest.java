package dev.goload.report.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.config.DashboardOptions;
import dev.goload.shard.Shard;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.HttpURLConnection;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DashboardServerTest {
    private static final String SECRET = "sk-live-7c1f-dashboard-must-not-leak";
    private static final DashboardServer.RunInfo INFO = new DashboardServer.RunInfo("run-1", "openloop", null, 60, 1);

    @TempDir
    Path dir;

    private static DashboardOptions loopback() {
        return DashboardOptions.parse("127.0.0.1:0", Duration.ZERO, null);
    }

    /** A mode's figures with a credential among them, as a careless mode might hand over. */
    record TenantFigures(long parked, String apiKey, String token, List<Long> stage) {}

    @Test
    void theStreamDeliversHelloTheHistoryAndAnEventPerInterval() throws Exception {
        try (DashboardServer d = DashboardServer.start(loopback(), INFO); Sse sse = new Sse(d.url())) {
            JsonNode hello = sse.next("hello").json();
            assertEquals("run-1", hello.path("runId").asText());
            assertEquals(1, hello.path("reportSec").asInt());
            assertEquals(0, sse.next("history").json().path("points").size(), "nothing before the first interval");
            for (int i = 0; i < 3; i++) Intervals.feed(d, i, false, null);
            for (int i = 0; i < 3; i++) {
                JsonNode p = sse.next("interval").json().path("point");
                assertEquals(i, p.path("i").asInt());
                assertEquals(i + 1, p.path("c").path("offeredReq").asLong());
                assertEquals(Intervals.histogram(i).getTotalCount(), p.path("lat").path("push").path("n").asLong());
                assertFalse(p.path("lat").has("e2e"), "a tag without values is not sent");
            }
        }
    }

    @Test
    void aPageThatConnectsLateGetsTheBoundedExactlyMergedHistoryFirst() throws Exception {
        try (DashboardServer d = DashboardServer.start(loopback(), INFO, 3, 2)) {
            for (int i = 0; i < 20; i++) Intervals.feed(d, i, false, null);
            d.feed().sync();
            try (Sse sse = new Sse(d.url())) {
                sse.next("hello");
                JsonNode h = sse.next("history").json();
                JsonNode points = h.path("points");
                assertTrue(points.size() <= 5, "fine 3 + coarse 2: " + points.size());
                long intervals = 0, offered = 0, pushN = 0;
                for (JsonNode p : points) {
                    assertEquals(intervals, p.path("i").asLong(), "adjacent, oldest first");
                    intervals += p.path("n").asLong();
                    offered += p.path("c").path("offeredReq").asLong();
                    pushN += p.path("lat").path("push").path("n").asLong();
                }
                assertEquals(20, intervals, "every interval is in the history");
                assertEquals(20 * 21 / 2, offered, "counts summed exactly");
                long expected = 0;
                for (int i = 0; i < 20; i++) expected += Intervals.histogram(i).getTotalCount();
                assertEquals(expected, pushN, "histograms added exactly");
                assertEquals(20, h.path("state").path("t").asInt(), "the last interval's state");
                Intervals.feed(d, 20, false, null);
                assertEquals(20, sse.next("interval").json().path("point").path("i").asInt(), "then the stream");
            }
        }
    }

    @Test
    void aStreamIsSentTheHistoryAgainEveryFineCapIntervals() throws Exception {
        try (DashboardServer d = DashboardServer.start(loopback(), INFO, 4, 4); Sse sse = new Sse(d.url())) {
            sse.next("hello");
            sse.next("history");
            for (int i = 0; i < 4; i++) Intervals.feed(d, i, false, null);
            for (int i = 0; i < 4; i++) sse.next("interval");
            assertEquals(4, sse.next("history").json().path("points").size(), "the page replaces its points");
        }
    }

    @Test
    void aStreamThatDoesNotReadIsDroppedAndTheRunNeverWaitsForIt() throws Exception {
        try (DashboardServer d = DashboardServer.start(loopback(), INFO)) {
            URI u = URI.create(d.url());
            try (Socket stuck = new Socket()) {
                stuck.setReceiveBufferSize(4096);
                stuck.connect(new InetSocketAddress(u.getHost(), u.getPort()));
                OutputStream o = stuck.getOutputStream();
                o.write(("GET /events HTTP/1.1\r\nHost: x\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                o.flush();
                waitFor(() -> d.feed().clients() == 1, "the stuck stream registered");
                // 100 KB of mode figures per event: the socket's buffers fill after a few dozen, the queue next
                List<Long> big = new ArrayList<>();
                for (int k = 0; k < 12_000; k++) big.add(1_000_000_000L + k);
                TenantFigures figures = new TenantFigures(1, SECRET, SECRET, big);
                assertTimeoutPreemptively(Duration.ofSeconds(60), () -> {
                    for (int i = 0; i < 400; i++) {
                        Intervals.feed(d, i, false, figures); // never blocks on the stuck stream
                        while (d.feed().queued() > 8) Thread.sleep(1); // a reporter's pace, not a flood
                    }
                    d.feed().sync();
                });
                waitFor(() -> d.feed().clients() == 0, "the stuck stream was dropped");
                InputStream in = stuck.getInputStream();
                assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
                    byte[] buf = new byte[1 << 16];
                    while (in.read(buf) >= 0) {
                        // what was already in the socket's buffers; then the end: the server closed it
                    }
                });
            }
            try (Sse fresh = new Sse(d.url())) {
                fresh.next("hello");
                assertEquals(400, fresh.next("history").json().path("points").size(), "others are still served");
            }
        }
    }

    @Test
    void noPayloadHoldsASecret() throws Exception {
        Path record = dir.resolve("r.json");
        Files.writeString(record, "{\"schema\":\"goload.run/2\",\"runId\":\"run-1\",\"mode\":\"openloop\","
                + "\"configLine\":\"-token " + SECRET + "\",\"flags\":{\"token\":\"" + SECRET + "\","
                + "\"url\":\"http://user:" + SECRET + "@127.0.0.1:1\"},\"broker\":{\"url\":\"http://user:" + SECRET
                + "@127.0.0.1:1\"},\"verdict\":{\"result\":\"NONE\"},\"counters\":{\"offeredReq\":3}}");
        StringBuilder all = new StringBuilder();
        try (DashboardServer d = DashboardServer.start(loopback(), INFO); Sse sse = new Sse(d.url())) {
            all.append(get(d.url()));
            TenantFigures figures = new TenantFigures(7, SECRET, SECRET, List.of(1L, 2L));
            for (int i = 0; i < 3; i++) Intervals.feed(d, i, i == 2, figures);
            d.finish(record, null);
            for (Sse.Event e = sse.next(); e != Sse.EOF; e = sse.next()) {
                all.append(e.data());
                if (e.name().equals("interval")) {
                    JsonNode mf = e.json().path("state").path("modeFigures");
                    assertEquals(7, mf.path("parked").asLong(), "the mode's figures are shown");
                    assertEquals("***", mf.path("apiKey").asText(), "a secret-named field is masked");
                }
            }
        }
        assertFalse(all.toString().contains(SECRET), "a secret in the page or an event");
        assertTrue(all.toString().contains("\"parked\":7"));
    }

    @Test
    void theFinalEventSaysWhyAndEndsTheStreamAndTheReportIsServed() throws Exception {
        Path record = dir.resolve("r.json");
        Files.writeString(record, "{\"schema\":\"goload.run/2\",\"runId\":\"run-1\",\"mode\":\"cloud\","
                + "\"durationSec\":3.0,\"stopReason\":\"duration\",\"verdict\":{\"result\":\"FAIL\",\"exitCode\":3,"
                + "\"findings\":[\"tenant 0: missing=19\"]},\"counters\":{\"offeredReq\":30},"
                + "\"latencyMs\":{\"push\":{\"count\":30,\"p50\":1.0,\"p99\":2.0,\"p999\":2.0,\"max\":2.5}},"
                + "\"section\":{\"lossAttribution\":{\"enabled\":true,\"missing\":19,\"counts\":{\"skipped\":19}}}}");
        Path html = Files.writeString(dir.resolve("r.html"), "<html>the report</html>");
        try (DashboardServer d = DashboardServer.start(loopback(), INFO); Sse sse = new Sse(d.url())) {
            sse.next("hello");
            sse.next("history");
            Intervals.feed(d, 0, true, null);
            sse.next("interval");
            assertTrue(get(d.url() + "report").startsWith("HTTP 404"), "no report before the run ends");
            d.finish(record, html);
            JsonNode f = sse.next("final").json();
            assertEquals("FAIL", f.path("verdict").asText());
            assertEquals("verdict FAIL: 19 missing: 19 stored, never delivered: the group's cursor passed it (broker"
                    + " skipped it)", f.path("headline").asText());
            assertEquals(30, f.path("counters").path("offeredReq").asLong());
            assertEquals(2.5, f.path("latency").path("push").path("max").asDouble());
            assertEquals("report", f.path("report").asText());
            assertEquals(0, f.path("state").path("totals").path("offeredReq").asLong() - 1, "the last state");
            assertEquals(Sse.EOF, sse.next(), "the stream ends after the final event");
            assertEquals("<html>the report</html>", get(d.url() + "report"));
            try (Sse late = new Sse(d.url())) { // during the linger: the history, then the final figures
                late.next("hello");
                assertEquals(1, late.next("history").json().path("points").size());
                assertEquals("FAIL", late.next("final").json().path("verdict").asText());
                assertEquals(Sse.EOF, late.next());
            }
        }
    }

    @Test
    void theFinalEventPointsAtTheReportForTheFindingsItDoesNotList() throws Exception {
        StringBuilder findings = new StringBuilder();
        for (int i = 0; i < 5 + 2; i++) {
            findings.append(i == 0 ? "" : ",").append("\"tenant ").append(i).append(": missing=1\"");
        }
        Path record = Files.writeString(dir.resolve("r.json"), "{\"schema\":\"goload.run/2\",\"runId\":\"run-1\","
                + "\"mode\":\"cloud\",\"durationSec\":3.0,\"verdict\":{\"result\":\"FAIL\",\"exitCode\":3,"
                + "\"findings\":[" + findings + "]}}");
        Path html = Files.writeString(dir.resolve("r.html"), "<html>the report</html>");
        for (Path h : new Path[] {html, null}) {
            try (DashboardServer d = DashboardServer.start(loopback(), INFO)) {
                Intervals.feed(d, 0, true, null);
                d.finish(record, h);
                d.feed().sync();
                try (Sse sse = new Sse(d.url())) {
                    sse.next("hello");
                    sse.next("history");
                    JsonNode why = sse.next("final").json().path("why");
                    assertEquals(5 + 1, why.size(), why.toString());
                    assertEquals(h == null ? "… and 2 more findings in the run record (verdict.findings)"
                            : "… and 2 more findings in the report", why.get(why.size() - 1).asText());
                }
            }
        }
    }

    @Test
    void theFinalEventIsNeverDroppedThoughTheFeedQueueIsFull() throws Exception {
        try (DashboardServer d = DashboardServer.start(loopback(), INFO)) {
            java.util.concurrent.CountDownLatch hold = new java.util.concurrent.CountDownLatch(1);
            java.util.concurrent.CountDownLatch held = new java.util.concurrent.CountDownLatch(1);
            d.feed().onFeedThread(() -> {
                held.countDown();
                try {
                    hold.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            assertTrue(held.await(10, java.util.concurrent.TimeUnit.SECONDS), "the feed thread is held");
            int n = DashFeed.QUEUE + 40;
            for (int i = 0; i < n; i++) Intervals.feed(d, i, i == n - 1, null); // the held thread takes none
            assertEquals(DashFeed.QUEUE, d.feed().queued(), "the queue is full");
            assertEquals(40, d.feed().droppedIntervals(), "the intervals beyond the queue are dropped and counted");
            Thread finisher = Thread.ofPlatform().start(() -> d.finish(null, null));
            finisher.join(300);
            assertTrue(finisher.isAlive(), "finish waits for room instead of dropping the final event");
            hold.countDown();
            finisher.join(10_000);
            assertFalse(finisher.isAlive());
            d.feed().sync();
            try (Sse sse = new Sse(d.url())) {
                sse.next("hello");
                int points = sse.next("history").json().path("points").size();
                assertTrue(points > 0 && points <= DashFeed.QUEUE, "the queued intervals were published: " + points);
                JsonNode f = sse.next("final").json();
                assertEquals(40, f.path("droppedIntervals").asLong(), "the final event says what the page missed");
                assertEquals(Sse.EOF, sse.next());
            }
        }
    }

    @Test
    void aPortInUseIsRefusedBeforeTheRunAndAShardServesOnPortPlusIndex() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            DashboardOptions o = DashboardOptions.parse("127.0.0.1:" + taken.getLocalPort(), Duration.ZERO, null);
            String why = DashboardServer.probe(o).orElseThrow();
            assertTrue(why.startsWith("-dashboard 127.0.0.1:" + taken.getLocalPort() + ": cannot listen there"), why);
        }
        assertTrue(DashboardServer.probe(loopback()).isEmpty(), "port 0 is always free");
        assertEquals(5667, DashboardOptions.parse("127.0.0.1:5665", Duration.ZERO, new Shard(2, 4)).port());
        assertEquals(0, DashboardOptions.parse(":0", Duration.ZERO, new Shard(2, 4)).port(), "a free one per shard");
        assertNull(DashboardOptions.parse("", Duration.ZERO, null).host());
        for (String bad : List.of("5665", "127.0.0.1:x", "127.0.0.1:70000", "::1:5665")) {
            try {
                DashboardOptions.parse(bad, Duration.ZERO, null);
                throw new AssertionError("accepted " + bad);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage().startsWith("-dashboard"), e.getMessage());
            }
        }
    }

    @Test
    void thePageIsSelfContained() throws Exception {
        try (DashboardServer d = DashboardServer.start(loopback(), INFO)) {
            String page = get(d.url());
            assertTrue(page.contains("uPlot"), "uPlot inlined");
            assertFalse(page.contains("<script src"), "no external script");
            assertFalse(page.contains("<link"), "no external stylesheet");
            assertFalse(page.matches("(?s).*https?://(?!github).*"), "no absolute URL");
            assertNotNull(page);
        }
    }

    private static String get(String url) throws IOException {
        HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
        try {
            if (c.getResponseCode() != 200) return "HTTP " + c.getResponseCode();
            try (InputStream in = c.getInputStream()) {
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } finally {
            c.disconnect();
        }
    }

    private static void waitFor(java.util.function.BooleanSupplier ok, String what) throws InterruptedException {
        for (int i = 0; i < 2_000 && !ok.getAsBoolean(); i++) Thread.sleep(10);
        assertTrue(ok.getAsBoolean(), what);
    }
}
