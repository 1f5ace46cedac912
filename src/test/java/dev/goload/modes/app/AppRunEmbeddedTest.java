package dev.goload.modes.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.config.AppConfig;
import dev.goload.config.TargetOptions;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import dev.goload.verify.OrderVerdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code app} end to end against the embedded broker: a few seconds each, verdicts and counters asserted. */
class AppRunEmbeddedTest {
    private EmbeddedBroker broker;
    private QueenClient client;
    private final ByteArrayOutputStream console = new ByteArrayOutputStream();

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

    static AppConfig config(String url, double failPct, double poisonPct, int retryLimit, double txPct,
                            double slowPct, int slowMs, int leaseSeconds, String verifyLog, int seconds) {
        return new AppConfig(new TargetOptions(url, "", "", 10_000, 64, -1, 1, "off"),
                new AppConfig.Load(400, 4, 5, 8, 32, 1.0, Duration.ofMinutes(30), Duration.ofMinutes(5)),
                new AppConfig.Topology("appq", "appq-stage2", 8, 1.1, 0, 300, 7200, true),
                new AppConfig.Consume(2, 6, 20, 4, true, 300, 5),
                new AppConfig.Work(1, 0.5, slowPct, slowMs, 0, 3000, 1, 2),
                new AppConfig.Reliability(failPct, poisonPct, retryLimit, txPct, leaseSeconds, true),
                new AppConfig.Shape(seconds, 1, 0, 15, verifyLog, "test-run", 10_000, 42));
    }

    private AppResult run(AppConfig cfg, RawLogs logs, AppContext.CheckerTap tap) throws Exception {
        PrintStream out = new PrintStream(console, true, StandardCharsets.UTF_8);
        dev.goload.report.AppConsole c = new dev.goload.report.AppConsole(cfg, out);
        c.printHeader();
        AppResult r = new AppRun(cfg, client, logs, dev.goload.modes.LoaderBoundRules.DEFAULTS, List.of(c),
                NanoClock.SYSTEM, tap).execute(new RunSignal());
        c.printFinal(r, r.outcome().loader(), r.outcome().reconnects());
        return r;
    }

    @Test
    void failuresRetryThenDeadLetterTransactionsFeedStageTwoAndTheRawLogsParse(@TempDir Path dir) throws Exception {
        AppConfig cfg = config(broker.url(), 5, 3, 1, 30, 0, 0, 30, dir.toString(), 4);
        AppResult r = run(cfg, new RawLogs(dir, 2), null);
        AppCounters.Snapshot t = r.app();
        var common = r.total();
        String text = console.toString(StandardCharsets.UTF_8);

        assertTrue(r.verdict().pass(), r.verdict().reason() + "\n" + text);
        assertEquals(0, r.verdict().violations());
        assertTrue(common.pushedMsgs() > 0);
        for (int g = 0; g < 2; g++) {
            assertTrue(t.failed()[g] > 0, "failed acks in cg" + g);
            assertTrue(t.deadLettered()[g] > 0, "poison dead-lettered in cg" + g);
            assertTrue(t.completed()[g] > 0);
            assertTrue(t.settled()[g] <= t.newMessages(), "settled never exceeds what was pushed");
        }
        assertTrue(t.redeliveries() > 0, "failed acks redeliver");
        assertTrue(r.verdict().dups() > 0, "redeliveries are dups to the checker, not violations");
        assertTrue(broker.stats().deadLettered() >= t.deadLetteredAll(), "every dlq:true answer is a broker DLQ");
        assertTrue(t.txCommits() > 0);
        assertEquals(t.txCommits(), t.stage2Pushed());
        assertTrue(t.stage2Acked() > 0, "stage-2 messages arrive and are drained");
        assertEquals(0, t.txErr());
        assertEquals(0, common.popErr());
        assertEquals(0, t.ackErrCalls(), "no spurious ack errors (a batch with two failures included)");
        assertEquals(0, common.ackErr());
        assertNull(r.rawLogError());
        assertTrue(text.contains("VERDICT: PASS"), text);
        assertTrue(text.contains("[final] pushed=" + common.pushedMsgs() + " (dup=0, pushErr=0)"), text);

        Map<String, long[]> manifest = new HashMap<>();
        List<String> m = Files.readAllLines(dir.resolve("manifest.tsv"));
        assertEquals(RawLogs.MANIFEST_HEADER, m.getFirst());
        long total = 0;
        for (String line : m.subList(1, m.size())) {
            String[] f = line.split("\t");
            assertEquals(4, f.length, line);
            assertTrue(f[0].matches("s\\d+"), line);
            long count = Long.parseLong(f[1]);
            assertEquals(count - 1, Long.parseLong(f[2]), "contiguous seqs from 0: " + line);
            manifest.put(f[0], new long[] {count, Long.parseLong(f[3])});
            total += count;
        }
        assertEquals(common.pushedMsgs(), total, "the manifest accounts for every pushed message");
        for (int g = 0; g < 2; g++) {
            List<String> rows = Files.readAllLines(dir.resolve("cg" + g + ".tsv"));
            assertEquals(RawLogs.CG_HEADER, rows.getFirst());
            assertTrue(rows.size() > 1);
            Set<String> statuses = new java.util.HashSet<>();
            for (String line : rows.subList(1, rows.size())) statuses.add(field(line, g, r, manifest));
            assertEquals(Set.of("ok", "fail", "poison"), statuses, "processing outcomes, as the reference writes them");
            List<String> acks = Files.readAllLines(dir.resolve("ack-cg" + g + ".tsv"));
            assertEquals(RawLogs.ACK_HEADER, acks.getFirst());
            Set<String> outcomes = new java.util.HashSet<>();
            long ok = 0;
            for (String line : acks.subList(1, acks.size())) {
                String outcome = field(line, g, r, manifest);
                outcomes.add(outcome);
                if (outcome.equals("ok")) ok++;
            }
            assertTrue(Set.of("ok", "fail", "poison", "dlq", "ackerr").containsAll(outcomes), outcomes.toString());
            assertTrue(outcomes.containsAll(Set.of("ok", "fail", "poison")), outcomes.toString());
            assertEquals(t.completed()[g], ok, "one ok outcome per completed ack, written after the ack");
        }
    }

    /** Checks one raw-log row of group g (six fields, a timestamp within the run, a manifest seq); returns its status. */
    private static String field(String line, int g, AppResult r, Map<String, long[]> manifest) {
        String[] f = line.split("\t");
        assertEquals(6, f.length, line);
        long ns = Long.parseLong(f[0]);
        assertTrue(ns >= r.outcome().startedEpochMs() * 1_000_000L
                        && ns <= (r.outcome().endedEpochMs() + 1) * 1_000_000L,
                "the timestamp is an epoch ns instant within the run: " + line);
        assertEquals("cg" + g, f[1]);
        assertTrue(manifest.containsKey(f[2]), line);
        assertTrue(Long.parseLong(f[3]) < manifest.get(f[2])[0], line);
        Integer.parseInt(f[4]);
        return f[5];
    }

    /**
     * verify-order.py (§3.4) applies the streaming order rule to each (group, partition)'s rows in file order, whatever
     * their status: the rows of a batch must therefore appear in delivery order, even when some of its messages were
     * transacted or failed (their answers arrive at different times).
     */
    @Test
    void rawLogRowsOfEachPartitionAreInDeliveryOrderSoTheOfflineVerifierPasses(@TempDir Path dir) throws Exception {
        AppConfig cfg = config(broker.url(), 10, 0, 50, 40, 0, 0, 30, dir.toString(), 3);
        AppResult r = run(cfg, new RawLogs(dir, 2), null);
        assertTrue(r.verdict().pass(), r.verdict().reason());
        VerifyOrderRule file = VerifyOrderRule.ofGroups(dir, "cg", 2);
        assertEquals(0, file.violations(), "offline order violations (rows out of delivery order): " + file.samples());
        assertTrue(file.inOrder() > 0);
    }

    @Test
    void slowBatchesKeepTheirLeaseThroughRenewal() throws Exception {
        AppConfig cfg = config(broker.url(), 0, 0, 3, 0, 10, 2500, 2, "", 5);
        AppResult r = run(cfg, null, null);
        AppCounters.Snapshot t = r.app();
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(t.leaseRenews() > 0, "slow batches (2.5 s > lease 2 s) renewed their lease\n" + text);
        assertEquals(0, t.leaseRenewErr());
        assertEquals(0, t.redeliveries(), "no lease expired: nothing was redelivered\n" + text);
        assertEquals(0, t.ackErrCalls(), "acks after a renewed lease still hold it");
        assertTrue(r.verdict().pass(), r.verdict().reason());
    }

    @Test
    void aReorderInjectedBeforeTheCheckerFailsTheVerdict() throws Exception {
        AtomicInteger seen = new AtomicInteger();
        AppContext.CheckerTap swap = (checker, group, partition, seq, retry) ->
                checker.observe(group, partition, group == 0 && seen.incrementAndGet() == 25 ? seq + 1 : seq, retry);
        AppConfig cfg = config(broker.url(), 0, 0, 3, 0, 0, 0, 30, "", 2);
        AppResult r = run(cfg, null, swap);
        assertFalse(r.verdict().pass());
        assertEquals(1, r.verdict().violations(), r.verdict().samples().toString());
        assertTrue(r.verdict().samples().getFirst().startsWith("cg0 part=s"));
        String text = console.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("VERDICT: FAIL"), text);
        assertTrue(text.contains("VIOLATIONS(seq>exp)=1"), text);
    }

    // ---- issue 13 part 7: the raw logs pass the campaign's own order rule (VerifyOrderRule, ported from
    // verify-order.py) whatever the ack latency, and the file and the online checker judge the same sequence.

    private static final int GROUPS = 2;

    /** Few partitions, many consumers, one partition per pop: a partition's next batch goes to another consumer. */
    private AppConfig orderConfig(Path dir, double failPct) {
        AppConfig c = config(broker.url(), failPct, 0, 50, 0, 0, 0, 30, dir.toString(), 5);
        return new AppConfig(c.target(), c.load(),
                new AppConfig.Topology("appq", "appq-stage2", 3, 1.1, 0, 300, 7200, true),
                new AppConfig.Consume(GROUPS, 4, 5, 1, true, 300, 5), c.work(), c.reliab(), c.run());
    }

    @Test
    void rowsStayInDeliveryOrderWhenEveryOtherAckAnswerIsSlow(@TempDir Path dir) throws Exception {
        broker.delayAckAnswers(300, 2);
        AppResult r = run(orderConfig(dir, 5), new RawLogs(dir, GROUPS), null);

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
        AppResult r = run(orderConfig(dir, 0), new RawLogs(dir, GROUPS), gap);

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
