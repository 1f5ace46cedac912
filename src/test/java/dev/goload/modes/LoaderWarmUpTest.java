package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.HttpEngine;
import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.pace.NanoClock;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The loader warms up before T0: connections dialled to the expected concurrency (and nothing sent for them), the
 * hot paths run without touching the run, its time and figures in the record and on one console line; and a run
 * against a broker that is not there is not called loader-bound.
 */
class LoaderWarmUpTest {
    @TempDir
    Path dir;

    @Test
    void connectionsFollowLittlesLawBoundedByTheCapsAndTheIdleAllowance() {
        assertEquals(7, LoaderWarmUp.producerConcurrency(200, 20_000), "2 busy + 3 sigma");
        assertEquals(100, LoaderWarmUp.producerConcurrency(60_000, 100), "never beyond -max-inflight");
        assertEquals(1, LoaderWarmUp.producerConcurrency(0.1, 1000));
        assertEquals(11, LoaderWarmUp.connections(7, 4, 64), "plus one per long-polling consumer");
        assertEquals(64, LoaderWarmUp.connections(7, 150, 64), "never beyond the idle allowance");
        assertEquals(LoaderWarmUp.MAX_CONNECTIONS, LoaderWarmUp.connections(5000, 0, 100_000));
    }

    @Test
    void theClientDialsUpToItsIdleAllowanceAndSendsNothing() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            AtomicInteger accepted = new AtomicInteger();
            List<Socket> held = new ArrayList<>();
            Thread acceptor = Thread.ofVirtual().start(() -> {
                try {
                    while (true) {
                        held.add(server.accept());
                        accepted.incrementAndGet();
                    }
                } catch (java.io.IOException closed) {
                    // the test is over
                }
            });
            String url = "http://127.0.0.1:" + server.getLocalPort();
            try (QueenClient c = new QueenClient(ClientConfig.of(url).withIdleConns(4))) {
                assertEquals(4, c.warmUp(6), "the idle allowance caps the dial");
                assertEquals(0, c.warmUp(2), "the pool is full already");
                long deadline = System.nanoTime() + 10_000_000_000L;
                while (accepted.get() < 4 && System.nanoTime() < deadline) Thread.sleep(5);
                assertEquals(4, accepted.get());
                assertEquals(0, c.stats().requests(), "dialling sends no request");
                for (Socket s : held) assertEquals(0, s.getInputStream().available(), "not a byte on the wire");
            }
            server.close();
            acceptor.join();
        }
    }

    @Test
    void throughOkHttpTheDialIsConcurrentHealthCalls() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             QueenClient c = new QueenClient(ClientConfig.of(broker.url()).withHttpEngine(HttpEngine.OKHTTP))) {
            assertEquals(HttpEngine.OKHTTP, c.engine());
            assertEquals(3, c.warmUp(3), "three health calls answered");
            assertEquals(3, c.stats().requests());
        }
    }

    @Test
    void thePacerExerciseStartsAVirtualThreadPerLaunchOnlyWhereTheRunsPushesTakeOne() throws Exception {
        long before = LoaderWarmUp.virtualLaunches();
        assertTrue(LoaderWarmUp.exercisePacer(1000, false) >= 1000, "every launch made");
        assertEquals(before, LoaderWarmUp.virtualLaunches(), "the push loop's shape: slots released on the pacer");
        assertTrue(LoaderWarmUp.exercisePacer(1000, true) >= 1000);
        assertTrue(LoaderWarmUp.virtualLaunches() - before >= 1000, "one virtual thread per launch");
    }

    /** cloud on the push loop warms its pacer without a virtual thread per launch, as openloop's does below. */
    @Test
    void cloudOnThePushLoopWarmsItsPacerWithoutAVirtualThreadPerLaunch() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            long before = LoaderWarmUp.virtualLaunches(); // Main.run runs the warm-up on this thread
            var out = new java.io.ByteArrayOutputStream();
            var print = new java.io.PrintStream(out, true, java.nio.charset.StandardCharsets.UTF_8);
            int code = dev.goload.cli.Main.run(new String[] {"-mode", "cloud", "-target", "broker", "-url", broker.url(),
                    "-tenants", "2", "-tenants-file", dir.resolve("absent.json").toString(), "-out", dir.toString(),
                    "-run-id", "cloudwarm", "-rate", "100", "-duration", "1", "-drain", "2", "-report", "1"}, print, print);
            assertEquals(0, code, out.toString(java.nio.charset.StandardCharsets.UTF_8));
            JsonNode rec = new com.fasterxml.jackson.databind.ObjectMapper()
                    .readTree(dir.resolve("cloudwarm.run.json").toFile()); // cloud: the run record; .json is the reference's
            assertEquals("loop", rec.path("section").path("pushPath").asText(), rec.path("section").toString());
            assertEquals(0, LoaderWarmUp.virtualLaunches() - before, "the loop's launches take no virtual thread");
        }
    }

    /** openloop's warm-up starts a virtual thread per launch only on the virtual-thread push path, as its pushes do. */
    @Test
    void openloopWarmsItsPacerTheWayItsPushesGo() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            for (boolean pushLoop : new boolean[] {true, false}) {
                OpenLoopRunFixture f = new OpenLoopRunFixture(broker.url(), dir.resolve("loop-" + pushLoop));
                f.rate = 1000;
                f.durationSeconds = 1;
                f.pushLoop = pushLoop;
                long before = LoaderWarmUp.virtualLaunches(); // the warm-up runs on the caller's thread
                RunResult res = f.run();
                assertEquals(100, res.outcome().counters().offeredReq(), f.console());
                long started = LoaderWarmUp.virtualLaunches() - before;
                if (pushLoop) {
                    assertEquals(0, started, "the push loop's launches take no virtual thread: " + f.console());
                } else {
                    assertTrue(started >= LoaderWarmUp.PACER_LAUNCHES, "one per launch: " + started);
                }
            }
        }
    }

    @Test
    void aBrokerThatIsNotThereEndsTheWarmUpWithItsErrorAndThePacerStillWarms() throws Exception {
        try (QueenClient c = new QueenClient(ClientConfig.of(unusedUrl()).withRetry(RetryPolicy.NONE))) {
            LoaderWarmUp.Result r = LoaderWarmUp.run(List.of(c, c), 3, NanoClock.SYSTEM);
            assertEquals(1, r.clients(), "a repeated client is warmed once");
            assertEquals(0, r.connectionsDialled());
            assertNotNull(r.error());
            // the dial's own failure (nothing listens there), not the give-up-after-waiting fallback
            assertTrue(r.error().toLowerCase(java.util.Locale.ROOT).contains("refused"), r.error());
            assertTrue(r.pacerLaunches() >= LoaderWarmUp.PACER_LAUNCHES, r.toString());
            assertTrue(r.line().startsWith("[loader-warmup] 0 connection(s) dialled"), r.line());
        }
    }

    @Test
    void aRunWithoutAPacerDialsAndCallsButExercisesNoPacer() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             QueenClient c = new QueenClient(ClientConfig.of(broker.url()))) {
            long before = LoaderWarmUp.virtualLaunches();
            LoaderWarmUp.Result r = LoaderWarmUp.run(List.of(c), 3, NanoClock.SYSTEM, LoaderWarmUp.Pacing.NONE);
            assertEquals(3, r.connectionsDialled(), r.toString());
            assertEquals(LoaderWarmUp.HEALTH_CALLS, r.healthCalls(), r.toString());
            assertEquals(0, r.pacerLaunches(), "max's closed loop has no pacer to warm: " + r);
            assertEquals(before, LoaderWarmUp.virtualLaunches());
            assertTrue(r.line().contains(" 0 pacer launches "), r.line());
        }
    }

    @Test
    void theWarmUpRunsBeforeT0AndIsRecordedWithoutTouchingTheRunsFigures() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            OpenLoopRunFixture f = new OpenLoopRunFixture(broker.url(), dir);
            f.rate = 1000;
            f.durationSeconds = 2;
            RunResult res = f.run();
            List<String> lines = f.lines();
            int warm = indexOf(lines, "[loader-warmup] ");
            int first = indexOf(lines, "[configure]");
            assertTrue(warm > first, "after configure: " + f.console());
            assertTrue(lines.stream().skip(warm + 1).anyMatch(l -> l.matches("\\[\\d\\d:\\d\\d:\\d\\d] offered=.*")),
                    "then the measured intervals: " + f.console());
            assertEquals(200, res.outcome().counters().offeredReq(), "the whole schedule is after T0: 100 req/s x 2 s");
            LoaderWarmUp.Result w = res.outcome().loader().warmUp();
            assertEquals(w.connectionsPlanned(), w.connectionsDialled(), w.toString());
            JsonNode rec = f.record().path("loader");
            assertEquals(w.connectionsDialled(), rec.path("warmUp").path("connectionsDialled").asInt());
            assertTrue(rec.path("warmUp").path("millis").asDouble() > 0);
            assertTrue(rec.path("intervals").size() >= 2, "the evidence of every interval: " + rec);
            assertEquals("load", rec.path("intervals").get(0).path("phase").asText());
            assertEquals("drain", rec.path("intervals").get(rec.path("intervals").size() - 1).path("phase").asText(),
                    "the last interval holds the drain");
            assertEquals(LoaderBoundRules.MIN_PACER_SAMPLES, rec.path("rules").path("minPacerSamples").asInt());
        }
    }

    @Test
    void aRunAgainstAPortWithNothingListeningIsNotLoaderBound() throws Exception {
        OpenLoopRunFixture f = new OpenLoopRunFixture(unusedUrl(), dir);
        f.rate = 2000;
        f.durationSeconds = 2;
        RunResult res = f.run();
        assertEquals(res.outcome().counters().sentReq(), res.outcome().counters().pushErrReq(), "every push failed");
        assertFalse(res.outcome().loader().loaderBound(), res.outcome().loader().reasons().toString());
        assertTrue(res.outcome().loader().brokerFailingIntervals() >= 2, res.outcome().loader().toString());
        assertFalse(f.record().path("loader").path("loaderBound").asBoolean());
        assertFalse(f.console().contains("WARNING loader-bound"), f.console());
    }

    /** A loopback URL nothing listens on (a port just released). */
    private static String unusedUrl() throws java.io.IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return "http://127.0.0.1:" + s.getLocalPort();
        }
    }

    private static int indexOf(List<String> lines, String prefix) {
        for (int i = 0; i < lines.size(); i++) if (lines.get(i).startsWith(prefix)) return i;
        return -1;
    }
}
