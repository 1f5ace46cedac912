package dev.goload.faults;

import static dev.goload.faults.LoadRecordInvariants.kind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.faults.FaultProxy.Fault;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping a run while the broker misbehaves: a real SIGINT and a real SIGTERM to child JVMs (the test classpath,
 * {@code Main}) whose broker went silent or answers only 503 — each run must stop in bounded time, exit 0 and leave
 * a complete, reconciled record. The two child JVMs run at once. (The full disk is {@code
 * dev.goload.modes.DiskFullUnderFaultsTest}: it needs the engine's artifact opener.)
 */
class SignalUnderFaultTest {
    @TempDir
    static Path dir;

    private static EmbeddedBroker broker;
    private static FaultRun sigint;
    private static FaultRun sigterm;

    @BeforeAll
    static void signalTwoChildren() throws Exception {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
        try (FaultProxy silent = FaultProxy.to(broker.url()); FaultProxy storm = FaultProxy.to(broker.url())) {
            Child a = Child.start(dir.resolve("int"), "-mode", "openloop", "-url", silent.url(), "-rate", "500",
                    "-push-batch", "10", "-consumers", "2", "-partitions", "4", "-timeout", "2000", "-queue", "sig-int");
            Child b = Child.start(dir.resolve("term"), "-mode", "max", "-url", storm.url(), "-producers", "2",
                    "-consumers", "2", "-partitions", "4", "-retries", "0", "-queue", "sig-term");
            a.awaitIntervals(1);
            b.awaitIntervals(1);
            silent.set(Fault.BLACK_HOLE);
            storm.set(Fault.STATUS_503);
            a.awaitIntervals(2); // calls are hanging (or failing) when the signal arrives
            b.awaitIntervals(2);
            sigint = a.signal("INT");
            sigterm = b.signal("TERM");
        }
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    @Test
    void sigintWhileTheBrokerIsSilentStopsCleanlyWithEveryCallAccounted() throws Exception {
        assertEquals(0, sigint.code(), sigint.toString());
        assertTrue(sigint.out().contains("[signal] stopping..."), sigint.toString());
        assertEquals("signal", sigint.record().get("stopReason").asText());
        JsonNode c = LoadRecordInvariants.check(sigint);
        assertTrue(kind(c, "push.timeout") + c.get("pushCanceledReq").asLong() > 0, c.toString());
    }

    @Test
    void sigtermDuringA5xxStormStopsCleanlyWithEveryCallAccounted() throws Exception {
        assertEquals(0, sigterm.code(), sigterm.toString());
        assertTrue(sigterm.out().contains("[signal] stopping..."), sigterm.toString());
        assertEquals("signal", sigterm.record().get("stopReason").asText());
        JsonNode c = LoadRecordInvariants.check(sigterm);
        assertTrue(kind(c, "push.http_5xx") > 0, c.toString());
        assertTrue(c.get("backoffs").asLong() > 0, c.toString());
    }

    /** A goload child JVM on the test classpath, its stdout collected. */
    private record Child(Process process, Path out, List<String> lines, Thread reader) {
        static Child start(Path out, String... args) throws IOException {
            Files.createDirectories(out);
            List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx256m", "-cp", System.getProperty("java.class.path"), "dev.goload.cli.Main"));
            cmd.addAll(List.of(args));
            cmd.addAll(List.of("-duration", "0", "-report", "1", "-out", out.toString(), "-run-id", "run"));
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
            Thread reader = Thread.ofVirtual().start(() -> {
                try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(),
                        StandardCharsets.UTF_8))) {
                    for (String l; (l = r.readLine()) != null; ) lines.add(l);
                } catch (IOException e) {
                    // the child is gone
                }
            });
            return new Child(p, out, lines, reader);
        }

        void awaitIntervals(int n) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (intervals() < n) {
                assertTrue(process.isAlive() && System.nanoTime() < deadline, "no report lines: " + lines);
                Thread.sleep(20);
            }
        }

        private long intervals() {
            synchronized (lines) {
                return lines.stream().filter(l -> l.matches("^\\[\\d\\d:\\d\\d:\\d\\d\\] [a-z]+=.*")).count();
            }
        }

        FaultRun signal(String name) throws Exception {
            assertEquals(0, new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).start().waitFor());
            boolean ended = process.waitFor(60, TimeUnit.SECONDS);
            if (!ended) process.destroyForcibly();
            assertTrue(ended, "SIG" + name + " stops the run: " + lines);
            reader.join(5_000);
            return new FaultRun(process.exitValue(), String.join("\n", lines) + "\n", "", out);
        }
    }
}
