package dev.goload.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.RunCounters;
import dev.goload.report.RunRecordWriter;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The merged run's thresholds read the counters back from the merged record ({@link MergedOutcome#counters}) by
 * name: every counter the record writer writes must come back as the same field, or a threshold on it would judge 0.
 */
class MergedCountersRoundTripTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyCounterTheRecordWriterWritesIsReadBackIntoTheSameField() {
        // 23 distinct values: a name read into the wrong field, or not read, changes the snapshot
        RunCounters.Snapshot s = new RunCounters.Snapshot(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17,
                18, 19, 20, 21, 22, 23, Map.of());
        ObjectNode record = JSON.createObjectNode();
        record.set("counters", JSON.valueToTree(RunRecordWriter.counters(s)));
        assertEquals(s, MergedOutcome.counters(record));
        assertEquals(23, record.path("counters").size(), "a counter the writer added needs its reader here too");
    }

    @Test
    void theErrorKindsComeBackAsOperationDotKind() {
        ObjectNode record = JSON.createObjectNode();
        record.set("counters", JSON.valueToTree(RunRecordWriter.counters(RunCounters.Snapshot.ZERO)));
        record.putObject("errors").putObject("push").putObject("byKind").put("timeout", 3);
        assertEquals(Map.of("push.timeout", 3L), MergedOutcome.counters(record).errorsByKind());
    }
}
