package dev.goload.realbroker;

import static dev.goload.report.ReferenceLines.num;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.cli.LoadModeRun;
import dev.goload.cli.MaxModeEndToEndTest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code -mode max} against a real Queen broker: the embedded tests' run checks hold (no push, pop or ack error,
 * nothing in flight at the end), and the broker stores the messages the run counted as pushed (and no more, but for
 * pushes the stop cancelled).
 */
@Tag("solo")
class RealQueenMaxTest {
    @RegisterExtension
    static final RealQueenBroker BROKER = new RealQueenBroker();

    @TempDir
    Path dir;

    /** Two producers and two consumers over four partitions for 2 s, on a queue of its own. */
    private Matcher max(String queue, String... extra) {
        List<String> args = new ArrayList<>(List.of("-mode", "max", "-url", BROKER.url(), "-queue", queue,
                "-producers", "2", "-consumers", "2", "-partitions", "4", "-duration", "2", "-report", "1"));
        args.addAll(List.of(extra));
        LoadModeRun r = LoadModeRun.of(dir, args.toArray(String[]::new));
        assertEquals(0, r.code(), r.toString());
        BROKER.assertRanAgainstIt(r.record());
        Matcher fin = MaxModeEndToEndTest.assertConsistent(r);
        if (args.contains("-manual-ack")) MaxModeEndToEndTest.assertManualAck(r);
        assertTrue(num(fin, "popped") > 0, r.toString());
        // a push still unanswered 10 s into the drain is cancelled: the broker may have stored it
        BROKER.assertStoresBetween(queue, num(fin, "pushed"), num(fin, "pushed") + 10 * r.counter("pushCanceledReq"));
        return fin;
    }

    @Test
    void autoAckProducersAndConsumersAtFullSpeed() {
        max(BROKER.name("max-auto"));
    }

    @Test
    void manualAcksAckWhatTheConsumersPopped() {
        max(BROKER.name("max-ack"), "-manual-ack");
    }
}
