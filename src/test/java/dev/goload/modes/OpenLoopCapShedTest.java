package dev.goload.modes;

import static dev.goload.report.ReferenceLines.OPENLOOP_FINAL;
import static dev.goload.report.ReferenceLines.OPENLOOP_INTERVAL;
import static dev.goload.report.ReferenceLines.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.metrics.RunCounters;
import dev.goload.report.ReferenceLines;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/** Issue 3, test 1: a slow broker fills the in-flight cap; the pacer sheds instead of slowing down. */
class OpenLoopCapShedTest {
    private static final int CAP = 5;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "push loop {0}")
    @ValueSource(booleans = {true, false})
    void fullCapShedsAsCapNeverExceedsTheCapAndEveryCountAgrees(boolean pushLoop) throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults().withResponseDelayMillis(200))) {
            OpenLoopRunFixture f = new OpenLoopRunFixture(broker.url(), dir);
            f.rate = 1000; // 100 req/s offered; a 200 ms broker with 5 slots serves at most 25 req/s
            f.pushBatch = 10;
            f.maxInflight = CAP;
            f.pushLoop = pushLoop;
            AtomicInteger maxSeen = new AtomicInteger();
            AtomicBoolean sampling = new AtomicBoolean(true);
            AtomicReference<Thread> sampler = new AtomicReference<>();
            f.onProducers = p -> sampler.set(Thread.ofPlatform().daemon().start(() -> {
                while (sampling.get()) {
                    maxSeen.accumulateAndGet(p.inflight(), Math::max);
                    java.util.concurrent.locks.LockSupport.parkNanos(50_000);
                }
            }));

            RunResult res = f.run();
            sampling.set(false);
            sampler.get().join();

            RunCounters.Snapshot t = res.outcome().counters();
            assertTrue(t.shedCapReq() > 0, "shed as cap: " + t);
            assertEquals(0, t.shedBehindReq(), "a slow broker is not a loader stall");
            assertEquals(t.offeredReq(), t.sentReq() + t.shedReq(), "offered == sent + shed");
            assertEquals(t.achievedReq() * f.pushBatch, t.pushedMsgs(), "pushed messages == achieved requests x batch");
            assertEquals(0, t.pushErrReq());
            assertEquals(t.sentReq(), t.achievedReq(), "every sent push finished before the counters were read");
            assertEquals(0, res.outcome().inflightAtEnd());
            assertEquals(t.pushedMsgs(), broker.stats().pushedMessages(), "the broker stored what goload counted");
            assertTrue(maxSeen.get() <= CAP, "in-flight " + maxSeen.get() + " above the cap " + CAP);
            assertEquals(CAP, maxSeen.get(), "the cap was reached (else nothing should have been shed)");
            // the offered rate does not follow the broker: ≈ 100 req/s x 2 s whatever got through
            assertEquals(200, t.offeredReq(), "offered");
            for (var r : f.intervals) {
                assertTrue(r.inflight() <= CAP, "interval in-flight " + r.inflight());
                assertEquals(r.delta().offeredReq(), r.delta().sentReq() + r.delta().shedReq(),
                        "per interval too: offered == sent + shed");
            }

            Matcher fin = ReferenceLines.single(f.lines(), OPENLOOP_FINAL);
            JsonNode c = f.record().get("counters");
            assertEquals(c.get("offeredReq").asLong(), num(fin, "offered"));
            assertEquals(c.get("achievedReq").asLong(), num(fin, "achieved"));
            assertEquals(c.get("shedCapReq").asLong() + c.get("shedBehindReq").asLong(), num(fin, "shed"));
            assertEquals(c.get("offeredReq").asLong() * f.pushBatch, num(fin, "offeredMsgs"));
            assertEquals(c.get("pushedMsgs").asLong(), num(fin, "achievedMsgs"));
            assertEquals(c.get("pushedMsgs").asLong(), num(fin, "pushed"));
            assertEquals(c.get("popped").asLong(), num(fin, "popped"));
            assertEquals(c.get("pushErrReq").asLong(), num(fin, "pushErr"));
            assertEquals(c.get("emptyPops").asLong(), num(fin, "empty"));
            assertEquals(t.offeredReq(), c.get("offeredReq").asLong());
            assertEquals(0, f.record().get("inflightAtEnd").asInt());

            long shedPerSecondSum = ReferenceLines.all(f.lines(), OPENLOOP_INTERVAL).stream()
                    .mapToLong(m -> num(m, "shed")).sum();
            assertTrue(shedPerSecondSum > 0, "the interval lines show the shedding");
        }
    }
}
