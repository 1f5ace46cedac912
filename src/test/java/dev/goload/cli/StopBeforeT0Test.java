package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.RecordSchema;
import dev.goload.shard.CoordinatorServer;
import dev.goload.shard.StartBarrier;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Ctrl-C while a run waits for a {@code -start-at} an hour ahead, or while the coordinator holds its registration, in
 * every mode that can be sharded: a real SIGINT (raised in this JVM once the run waits, so the command's handler is
 * installed) ends the wait at once; the run sends nothing, ends with stop reason {@code signal} and exit 0, and leaves a complete,
 * valid record that still names T0 — as a run stopped before its first interval does. The only wait is a bounded one
 * for the run's thread to end.
 */
class StopBeforeT0Test {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static EmbeddedBroker broker;
    private static sun.misc.SignalHandler previous;

    @TempDir
    Path dir;

    @BeforeAll
    static void startTheBrokerAndIgnoreAStraySignal() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
        // the command installs its handler over this one; a signal outside its run must not end the test JVM
        previous = sun.misc.Signal.handle(new sun.misc.Signal("INT"), s -> { });
    }

    @AfterAll
    static void stopTheBroker() {
        sun.misc.Signal.handle(new sun.misc.Signal("INT"), previous);
        broker.close();
    }

    private List<String> args(String mode, long startAt) {
        List<String> a = new ArrayList<>(List.of("-mode", mode, "-url", broker.url(), "-run-id", "stop"));
        if (startAt > 0) a.addAll(List.of("-start-at", Long.toString(startAt)));
        a.addAll(switch (mode) {
            case "openloop" -> List.of("-rate", "200", "-push-batch", "10", "-partitions", "4", "-consumers", "2",
                    "-duration", "5", "-report", "1", "-queue", "stop-openloop", "-out", dir.toString());
            case "max" -> List.of("-producers", "2", "-consumers", "2", "-partitions", "4", "-duration", "5",
                    "-report", "1", "-queue", "stop-max", "-out", dir.toString());
            case "cloud" -> List.of("-target", "broker", "-tenants", "2", "-tenants-file",
                    dir.resolve("absent.json").toString(), "-rate", "40", "-duration", "5", "-drain", "30",
                    "-report", "1", "-pop-timeout", "500", "-queue", "stop-cloud", "-out", dir.toString());
            case "tenants" -> List.of("-tenants", "2", "-queues-per-tenant", "2", "-phase-high", "10",
                    "-phase-low", "5", "-phase-sec", "1", "-duration", "5", "-report", "1", "-pop-timeout", "300",
                    "-payload", "16", "-out", dir.toString());
            case "cm" -> List.of("-properties", "2", "-rate-events", "20", "-duration", "5", "-logdir",
                    dir.toString(), "-warmup=false", "-pop-timeout", "200", "-db-sleep-min", "1", "-db-sleep-max",
                    "1", "-cal-sleep", "1", "-ota-sleep", "1", "-queue-prefix", "stop-");
            default -> throw new IllegalArgumentException(mode);
        });
        return a;
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "tenants", "cm"})
    void ctrlCWhileWaitingForAStartAtAnHourAheadEndsTheRunWithoutSendingAnything(String mode) throws Exception {
        long startAt = System.currentTimeMillis() + 3_600_000L;
        CountDownLatch waiting = new CountDownLatch(1);
        Interrupted r = runAndInterrupt(args(mode, startAt), "starts at T0", waiting,
                () -> waiting.await(2, TimeUnit.MINUTES));
        assertTrue(r.out.contains("[shard] 0/1 starts at T0 " + java.time.Instant.ofEpochMilli(startAt)
                + " (-start-at)"), r.out);
        assertFalse(r.out.contains("[shard] WARNING"), r.out);
        JsonNode rec = stoppedRecord(mode, r);
        assertEquals(startAt, rec.path("shard").path("t0EpochMs").asLong(), "the record names the T0 it waited for");
        assertEquals(0.0, rec.path("shard").path("startLateMs").asDouble(-1), rec.path("shard").toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"openloop", "max", "cloud", "tenants", "cm"})
    void ctrlCWhileTheCoordinatorHoldsTheRegistrationEndsTheRunWithoutSendingAnything(String mode) throws Exception {
        // a barrier of 2 whose shard 0 never comes: shard 1's registration is held until the signal
        StartBarrier barrier = new StartBarrier(2, 500, 600_000, System::currentTimeMillis);
        try (CoordinatorServer server = CoordinatorServer.start(new InetSocketAddress("127.0.0.1", 0), barrier,
                ShardedStart::epochNanos)) {
            List<String> a = args(mode, 0);
            a.addAll(List.of("-shard", "1/2", "-coordinator", server.url().toString(), "-coordinate-timeout", "10m"));
            Interrupted r = runAndInterrupt(a, null, null, () -> {
                long until = System.nanoTime() + TimeUnit.MINUTES.toNanos(2); // bounded: until shard 1 registered
                while (barrier.registered() == 0 && System.nanoTime() < until) Thread.sleep(20);
                return barrier.registered() == 1;
            });
            assertFalse(r.out.contains("starts at T0"), "no T0 was decided: " + r.out);
            JsonNode rec = stoppedRecord(mode, r);
            assertTrue(rec.path("shard").path("t0EpochMs").isNull(), rec.path("shard").toString());
            assertEquals(1, rec.path("shard").path("index").asInt());
            assertEquals(1, barrier.registered(), "it registered once, and was not refused");
            assertTrue(barrier.decision() == null, "the barrier still waits for shard 0");
        }
    }

    /** The run's console and exit code after the signal. */
    private record Interrupted(int code, String out, String err) {}

    /**
     * Runs {@code argv} through {@code Main.run} on a thread, raises SIGINT once {@code ready} says the run waits
     * (when {@code marker} is given, a console line containing it counts {@code latch} down), and waits, bounded,
     * for the run to end.
     */
    private static Interrupted runAndInterrupt(List<String> argv, String marker, CountDownLatch latch,
                                               java.util.concurrent.Callable<Boolean> ready) throws Exception {
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        OutputStream sink = marker == null ? outBytes : new LineWatch(outBytes, marker, latch);
        PrintStream out = new PrintStream(sink, true, StandardCharsets.UTF_8);
        int[] code = {-1};
        String[] a = argv.toArray(String[]::new);
        Thread run = Thread.ofPlatform().name("stop-before-t0").start(() -> code[0] = Main.run(a, out,
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), ModeRegistry.standard(),
                BrokerLaunchers.embedded(), false));
        assertTrue(ready.call(), "the run never got to wait: " + outBytes + errBytes);
        sun.misc.Signal.raise(new sun.misc.Signal("INT"));
        run.join(TimeUnit.MINUTES.toMillis(2)); // bounded: a wait the signal does not end fails here, not the build
        String o = outBytes.toString(StandardCharsets.UTF_8);
        String e = errBytes.toString(StandardCharsets.UTF_8);
        assertFalse(run.isAlive(), "the signal did not end the wait: " + o + e);
        assertEquals(0, code[0], o + e);
        return new Interrupted(code[0], o, e);
    }

    /** The complete record of a run stopped before T0: stop reason signal, nothing sent, pushed or popped. */
    private JsonNode stoppedRecord(String mode, Interrupted r) throws Exception {
        Path record = dir.resolve(mode.equals("cloud") ? "stop.run.json" : "stop.json");
        RecordSchema.assertValid(record);
        dev.goload.report.RecordConsistency.assertConsistent(record);
        JsonNode rec = JSON.readTree(record.toFile());
        assertEquals("signal", rec.path("stopReason").asText(), r.out + r.err);
        for (String k : List.of("offeredReq", "sentReq", "pushedMsgs", "popped")) {
            assertEquals(0, rec.path("counters").path(k).asLong(), k + ": " + rec.path("counters"));
        }
        return rec;
    }

    /** Passes bytes through and counts {@code latch} down once a line containing {@code marker} was written. */
    private static final class LineWatch extends OutputStream {
        private final OutputStream to;
        private final String marker;
        private final CountDownLatch latch;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();

        LineWatch(OutputStream to, String marker, CountDownLatch latch) {
            this.to = to;
            this.marker = marker;
            this.latch = latch;
        }

        @Override
        public synchronized void write(int b) throws java.io.IOException {
            to.write(b);
            if (b != '\n') {
                line.write(b);
                return;
            }
            if (line.toString(StandardCharsets.UTF_8).contains(marker)) latch.countDown();
            line.reset();
        }
    }
}
