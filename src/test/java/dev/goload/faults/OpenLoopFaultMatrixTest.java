package dev.goload.faults;

import static dev.goload.faults.LoadRecordInvariants.kind;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.faults.FaultProxy.Fault;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix of the load modes' shared engine (the open-loop pacer, PushSender, the shared consumers; and
 * {@code max}'s closed-loop producers): one 2 s run per fault, each through its own {@link FaultProxy} that turns
 * the fault on 0.5 s in (the configure and the health probe get through), all runs at once against one embedded
 * broker to keep CI time low. Every run must hold the record's invariants ({@link LoadRecordInvariants}) and
 * classify each failure under the kind its fault produces; together they must leave no thread or socket behind
 * ({@link Census}).
 */
class OpenLoopFaultMatrixTest {
    private static final Map<Fault, FaultRun> RUNS = new EnumMap<>(Fault.class);
    private static final Map<Fault, Long> FAULTED = new ConcurrentHashMap<>();
    private static FaultRun maxUnder503;
    private static String leftOver;

    @TempDir
    static Path dir;

    private static EmbeddedBroker broker;

    @BeforeAll
    static void runEveryFaultAtOnce() throws Exception {
        broker = EmbeddedBroker.start(BrokerOptions.defaults());
        List<FaultProxy> proxies = new ArrayList<>();
        List<Thread> runs = new ArrayList<>();
        Map<Fault, FaultRun> done = new ConcurrentHashMap<>();
        FaultRun[] max = new FaultRun[1];
        for (Fault f : List.of(Fault.BLACK_HOLE, Fault.DELAY, Fault.STATUS_503, Fault.STATUS_429, Fault.MALFORMED,
                Fault.TRUNCATE, Fault.RESET_MID_BODY)) {
            proxies.add(FaultProxy.to(broker.url()).delay(300));
        }
        FaultProxy maxProxy = FaultProxy.to(broker.url());
        Census before = Census.take(); // the proxies' listeners are fixtures, not the runs'
        int i = 0;
        for (Fault f : List.of(Fault.BLACK_HOLE, Fault.DELAY, Fault.STATUS_503, Fault.STATUS_429, Fault.MALFORMED,
                Fault.TRUNCATE, Fault.RESET_MID_BODY)) {
            FaultProxy p = proxies.get(i++);
            int every = f == Fault.MALFORMED ? 2 : f == Fault.TRUNCATE || f == Fault.RESET_MID_BODY ? 3 : 1;
            // a black hole is found by the client's deadline; elsewhere the deadline must not fire on a busy machine
            String timeout = f == Fault.BLACK_HOLE ? "1000" : "10000";
            runs.add(Thread.ofPlatform().name("fault-case-" + f).start(() -> {
                done.put(f, run(p, f, every, "-mode", "openloop", "-rate", "500", "-push-batch", "10", "-timeout",
                        timeout));
                FAULTED.put(f, p.faulted());
            }));
        }
        proxies.add(maxProxy);
        // -retries 0: one attempt per push, so the producers' own pause is what stands between them and a spin
        runs.add(Thread.ofPlatform().name("fault-case-max").start(() -> max[0] = run(maxProxy, Fault.STATUS_503, 1,
                "-mode", "max", "-producers", "2", "-retries", "0", "-timeout", "10000")));
        for (Thread t : runs) t.join();
        RUNS.putAll(done);
        maxUnder503 = max[0];
        leftOver = Census.awaitNoneLeftSince(before);
        for (FaultProxy p : proxies) p.close();
    }

    @AfterAll
    static void stopBroker() {
        broker.close();
    }

    /** A 2 s run with 2 consumers; {@code fault} from 0.5 s on, every {@code n}-th exchange. */
    private static FaultRun run(FaultProxy proxy, Fault fault, int n, String... mode) {
        Thread onset = Thread.ofVirtual().start(() -> {
            try {
                Thread.sleep(500);
                proxy.set(fault, n);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        String name = (mode[1] + "-" + fault.name()).toLowerCase(Locale.ROOT);
        List<String> args = new ArrayList<>(List.of(mode));
        args.addAll(List.of("-url", proxy.url(), "-partitions", "4", "-consumers", "2", "-duration", "2",
                "-report", "1", "-queue", name));
        try {
            Path out = Files.createDirectories(dir.resolve(name));
            args.addAll(List.of("-out", out.toString(), "-run-id", "run"));
            FaultRun r = FaultRun.of(out, args.toArray(String[]::new));
            onset.join();
            return r;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode checked(Fault f) throws Exception {
        FaultRun r = RUNS.get(f);
        assertEquals(0, r.code(), r.toString());
        assertTrue(FAULTED.get(f) > 0, "the fault was applied");
        return LoadRecordInvariants.check(r);
    }

    /** Pushes and pops failed, every push failure and every pop failure of kind {@code k}. */
    private static void everyFailureIs(String k, JsonNode c) {
        assertTrue(kind(c, "push." + k) > 0 && kind(c, "pop." + k) > 0, c.toString());
        assertEquals(c.get("pushErrReq").asLong(), kind(c, "push." + k), c.toString());
        assertEquals(c.get("popErr").asLong(), kind(c, "pop." + k), c.toString());
    }

    @Test
    void aBrokerThatAcceptsAndNeverAnswersIsCountedAsTimeouts() throws Exception {
        everyFailureIs("timeout", checked(Fault.BLACK_HOLE));
    }

    @Test
    void everyAnswerDelayedIsLatencyNotFailure() throws Exception {
        JsonNode c = checked(Fault.DELAY);
        assertEquals(0, c.get("pushErrReq").asLong(), c.toString());
        assertEquals(0, c.get("popErr").asLong(), c.toString());
        assertTrue(RUNS.get(Fault.DELAY).record().get("latencyMs").get("service").get("p99").asDouble() >= 300,
                RUNS.get(Fault.DELAY).toString());
    }

    @Test
    void aStormOf5xxIsCountedAsHttp5xxAndTheConsumersBackOff() throws Exception {
        JsonNode c = checked(Fault.STATUS_503);
        everyFailureIs("http_5xx", c);
        assertTrue(c.get("backoffs").asLong() > 0, "consecutive 5xx grow the consumers' pause: " + c);
        assertTrue(RUNS.get(Fault.STATUS_503).out().contains("[final] + errorBackoff backoffs="
                + c.get("backoffs").asLong() + " ms=" + c.get("backoffMillis").asLong()), RUNS.get(Fault.STATUS_503).out());
    }

    @Test
    void aStormOf5xxMakesTheClosedLoopProducersBackOffInsteadOfSpinning() throws Exception {
        assertEquals(0, maxUnder503.code(), maxUnder503.toString());
        JsonNode c = LoadRecordInvariants.check(maxUnder503);
        assertEquals(c.get("offeredReq").asLong(), c.get("sentReq").asLong(), "a closed loop sheds nothing: " + c);
        assertTrue(kind(c, "push.http_5xx") > 0, c.toString());
        // 2 producers and 2 consumers for 1.5 s of storm: at the fixed 5 ms pause that was ≥ 1,200 calls; backing off
        // to 1 s after 9 failures each, it is a few dozen. Bounded loosely: the point is "not a spin".
        long calls = c.get("sentReq").asLong() - c.get("achievedReq").asLong() + c.get("popErr").asLong();
        assertTrue(calls < 400, "failed calls during the storm: " + calls + "\n" + c);
        assertTrue(c.get("backoffs").asLong() > 0, c.toString());
    }

    @Test
    void aStormOf429WithRetryAfterIsCountedAsHttp429AndNeverRetriedByTheProducers() throws Exception {
        JsonNode c = checked(Fault.STATUS_429);
        everyFailureIs("http_429", c);
        assertEquals(0, c.get("backoffs").asLong(), "a broker answering 429 is alive: the base pause only");
    }

    @Test
    void malformedBodiesAreDecodeErrors() throws Exception {
        JsonNode c = checked(Fault.MALFORMED);
        assertTrue(kind(c, "push.decode") > 0, c.toString());
        assertEquals(c.get("pushErrReq").asLong(), kind(c, "push.decode"), c.toString());
        assertTrue(c.get("achievedReq").asLong() > 0, c.toString());
    }

    @Test
    void truncatedBodiesAreConnectionErrors() throws Exception {
        JsonNode c = checked(Fault.TRUNCATE);
        assertTrue(kind(c, "push.conn") > 0, c.toString());
        assertTrue(c.get("achievedReq").asLong() > 0, c.toString());
    }

    @Test
    void aConnectionResetMidBodyIsAConnectionError() throws Exception {
        JsonNode c = checked(Fault.RESET_MID_BODY);
        assertTrue(kind(c, "push.conn") > 0, c.toString());
        assertTrue(c.get("achievedReq").asLong() > 0, c.toString());
    }

    @Test
    void noRunLeavesAThreadOrASocketBehind() {
        assertEquals("", leftOver, "threads or sockets left behind by the runs");
    }
}
