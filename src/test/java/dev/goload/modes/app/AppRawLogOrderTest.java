package dev.goload.modes.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.config.AppConfig;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import dev.goload.verify.OrderVerdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13 part 7: {@code app}'s raw logs pass the campaign's own order rule ({@link VerifyOrderRule}, ported from
 * verify-order.py) whatever the ack latency, and the file and the online checker judge the same sequence.
 */
class AppRawLogOrderTest {
    private static final int GROUPS = 2;
    private EmbeddedBroker broker;
    private QueenClient client;

    @BeforeEach
    void start() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults().withHost("127.0.0.1").withPort(0));
        client = new QueenClient(ClientConfig.of(broker.url()).withTimeoutMillis(10_000));
    }

    @AfterEach
    void stop() {
        client.close();
        broker.close();
    }

    /** Few partitions, many consumers, one partition per pop: a partition's next batch goes to another consumer. */
    private AppConfig config(Path dir, double failPct) {
        AppConfig c = AppRunEmbeddedTest.config(broker.url(), failPct, 0, 50, 0, 0, 0, 30, dir.toString(), 5);
        return new AppConfig(c.target(), c.load(),
                new AppConfig.Topology("appq", "appq-stage2", 3, 1.1, 0, 300, 7200, true),
                new AppConfig.Consume(GROUPS, 4, 5, 1, true, 300, 5), c.work(), c.reliab(), c.run());
    }

    private AppResult run(AppConfig cfg, AppContext.CheckerTap tap) throws Exception {
        PrintStream out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        dev.goload.report.AppConsole console = new dev.goload.report.AppConsole(cfg, out);
        return new AppRun(cfg, client, new RawLogs(Path.of(cfg.run().verifyLog()), GROUPS), console, out,
                NanoClock.SYSTEM, tap).execute(new RunSignal());
    }

    @Test
    void rowsStayInDeliveryOrderWhenEveryOtherAckAnswerIsSlow(@TempDir Path dir) throws Exception {
        broker.delayAckAnswers(300, 2);
        AppResult r = run(config(dir, 5), null);

        VerifyOrderRule file = VerifyOrderRule.ofGroups(dir, "cg", GROUPS);
        assertEquals(0, file.violations(), "verify-order.py's rule on cg*.tsv: " + file.samples());
        assertTrue(r.verdict().pass(), r.verdict().reason());
        assertSameJudgement(r.verdict(), file);
        // The slow answers did reorder what is written after them: rows written once the ack answer is in (the
        // ack-outcome log; what cg*.tsv was before the fix) break the rule, so this run would have caught the bug.
        VerifyOrderRule afterAck = VerifyOrderRule.ofGroups(dir, "ack-cg", GROUPS);
        assertTrue(afterAck.violations() > 0, "slow ack answers reordered the rows written after them");
    }

    @Test
    void aGapInjectedBeforeTheCheckerIsInTheFileToo(@TempDir Path dir) throws Exception {
        AtomicInteger seen = new AtomicInteger();
        AppContext.CheckerTap gap = (sink, group, partition, seq, retry) ->
                sink.observe(group, partition, group == 1 && seen.incrementAndGet() == 30 ? seq + 3 : seq, retry);
        AppResult r = run(config(dir, 0), gap);

        VerifyOrderRule file = VerifyOrderRule.ofGroups(dir, "cg", GROUPS);
        assertFalse(r.verdict().pass());
        assertEquals(1, file.violations(), file.samples().toString());
        assertSameJudgement(r.verdict(), file);
        String online = r.verdict().samples().getFirst();
        assertTrue(online.startsWith(file.samples().getFirst() + " retry="), online + " vs " + file.samples());
    }

    /** Every delivery the online checker judged is a row, judged the same way by the offline rule. */
    private static void assertSameJudgement(OrderVerdict online, VerifyOrderRule file) {
        assertEquals(0, online.unjudged());
        assertTrue(online.inOrder() > 0);
        assertEquals(online.inOrder(), file.inOrder(), "in order");
        assertEquals(online.dups(), file.dups(), "redeliveries");
        assertEquals(online.violations(), file.violations(), "violations");
    }
}
