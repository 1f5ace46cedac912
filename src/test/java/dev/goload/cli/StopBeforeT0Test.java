package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.report.RecordSchema;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
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
 * Ctrl-C while a run waits for a {@code -start-at} an hour ahead, in every mode that can be sharded: a real SIGINT
 * (raised in this JVM once the {@code [shard] … starts at T0} line is out, so the command's handler is installed)
 * ends the wait at once; the run sends nothing, ends with stop reason {@code signal} and exit 0, and leaves a complete,
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
        List<String> a = new ArrayList<>(List.of("-mode", mode, "-url", broker.url(), "-run-id", "stop",
                "-start-at", Long.toString(startAt)));
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
        ByteArrayOutputStream outBytes = new ByteArrayOutputStream();
        ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
        CountDownLatch waiting = new CountDownLatch(1);
        PrintStream out = new PrintStream(new LineWatch(outBytes, "starts at T0", waiting), true,
                StandardCharsets.UTF_8);
        int[] code = {-1};
        String[] argv = args(mode, startAt).toArray(String[]::new);
        Thread run = Thread.ofPlatform().name("stop-before-t0-" + mode).start(() -> code[0] = Main.run(argv, out,
                new PrintStream(errBytes, true, StandardCharsets.UTF_8), ModeRegistry.standard(),
                BrokerLaunchers.embedded(), false));
        assertTrue(waiting.await(2, TimeUnit.MINUTES), "no start line: " + outBytes + errBytes);
        sun.misc.Signal.raise(new sun.misc.Signal("INT"));
        run.join(TimeUnit.MINUTES.toMillis(2)); // bounded: an hour's wait would fail here, not hang the build
        String o = outBytes.toString(StandardCharsets.UTF_8);
        String e = errBytes.toString(StandardCharsets.UTF_8);
        assertFalse(run.isAlive(), "the signal did not end the wait for T0: " + o + e);
        assertEquals(0, code[0], o + e);
        assertTrue(o.contains("[shard] 0/1 starts at T0 " + java.time.Instant.ofEpochMilli(startAt) + " (-start-at)"), o);

        Path record = dir.resolve(mode.equals("cloud") ? "stop.run.json" : "stop.json");
        RecordSchema.assertValid(record);
        JsonNode r = JSON.readTree(record.toFile());
        assertEquals("signal", r.path("stopReason").asText(), r.toString());
        assertEquals(0, r.path("counters").path("sentReq").asLong(), "nothing was sent: " + r.path("counters"));
        assertEquals(0, r.path("counters").path("pushedMsgs").asLong(), r.path("counters").toString());
        assertEquals(0, r.path("counters").path("popped").asLong(), r.path("counters").toString());
        assertEquals(startAt, r.path("shard").path("t0EpochMs").asLong(), "the record names the T0 it waited for");
        assertEquals(0.0, r.path("shard").path("startLateMs").asDouble(-1), r.path("shard").toString());
        assertFalse(o.contains("[shard] WARNING"), o);
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
