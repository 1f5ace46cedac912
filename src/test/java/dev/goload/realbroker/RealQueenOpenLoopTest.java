package dev.goload.realbroker;

import static dev.goload.report.ReferenceLines.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.cli.LoadModeRun;
import dev.goload.cli.OpenLoopModeEndToEndTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode openloop} against a real Queen broker: the embedded tests' run checks hold, the pacer offers exactly
 * its schedule, every offered request is pushed and answered, and the broker stores exactly the messages the run
 * counted as pushed.
 */
@Tag("solo")
class RealQueenOpenLoopTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    @TempDir
    Path dir;

    /** 100 req/s of 10 messages for 2 s, two consumers over four partitions, on a queue of its own. */
    private LoadModeRun openloop(String queue, String... extra) {
        List<String> args = new ArrayList<>(List.of("-mode", "openloop", "-url", BROKER.url(), "-queue", queue,
                "-rate", "1000", "-push-batch", "10", "-duration", "2", "-report", "1", "-consumers", "2",
                "-partitions", "4"));
        args.addAll(List.of(extra));
        LoadModeRun r = LoadModeRun.of(dir, args.toArray(String[]::new));
        assertEquals(0, r.code(), r.toString());
        BROKER.assertRanAgainstIt(r.record());
        return r;
    }

    /** What holds for every run: the schedule offered in full, no push failed, the broker holds what was pushed. */
    private Matcher assertPushedAndStored(LoadModeRun r, String queue) {
        Matcher fin = OpenLoopModeEndToEndTest.assertLinesAndAccounting(r);
        assertEquals(200, num(fin, "offered"), "F(2 s) = 100 req/s x 2 s, whatever the broker's answer times");
        assertEquals(0, num(fin, "pushErr"), r.toString());
        assertEquals(r.counter("sentReq"), r.counter("achievedReq") + r.counter("pushCanceledReq"),
                "every sent request answered as accepted, or cancelled by the stop");
        assertEquals(10 * r.counter("achievedReq"), num(fin, "pushed"), "10 messages per accepted request");
        assertTrue(num(fin, "popped") > 0, r.toString());
        assertEquals(0, num(fin, "popErr"), r.toString());
        // a push still unanswered 10 s into the drain is cancelled: the broker may have stored it
        BROKER.assertStoresBetween(queue, num(fin, "pushed"), num(fin, "pushed") + 10 * r.counter("pushCanceledReq"));
        return fin;
    }

    @Test
    void autoAckConsumersPopWhatThePacerPushed() {
        String queue = BROKER.name("ol-auto");
        LoadModeRun r = openloop(queue);
        Matcher fin = assertPushedAndStored(r, queue);
        assertTrue(num(fin, "popped") <= num(fin, "pushed"), "a fresh queue: nothing popped that was not pushed");
    }

    @Test
    void manualAsyncAcksAckWhatTheConsumersPopped() {
        String queue = BROKER.name("ol-ack");
        LoadModeRun r = openloop(queue, "-manual-ack", "-ack-async", "-ack-inflight", "4");
        Matcher fin = assertPushedAndStored(r, queue);
        OpenLoopModeEndToEndTest.assertManualAck(r, fin);
    }
}
