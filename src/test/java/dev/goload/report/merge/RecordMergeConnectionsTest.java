package dev.goload.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.Verdict;
import dev.goload.report.RecordSchema;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The merged {@code loader.connections}: counts summed, the peak summed as an upper bound, TIME_WAIT the largest per
 * machine summed over machines (two shards on one machine read the same kernel table), null when no shard had one.
 */
class RecordMergeConnectionsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    private Path shard(int index, String hostname, long opened, long peak, Long timeWait) throws Exception {
        Path p = ShardRunFixture.run(tmp, index, 3, 21 + index, new LatencyRecorder("push"), new RunCounters(),
                "30000", Verdict.NONE);
        ObjectNode rec = (ObjectNode) JSON.readTree(p.toFile());
        ((ObjectNode) rec.path("host")).put("hostname", hostname);
        ObjectNode c = (ObjectNode) rec.path("loader").path("connections");
        c.put("opened", opened).put("closed", opened - 2).put("closedByPeer", 1).put("peakOpen", peak)
                .put("openAtEnd", 2).put("requests", 10L * opened).put("answers", opened == 30 ? 0 : 10L * opened);
        if (opened == 30) c.put("noAnswerCause", "connection refused");
        if (timeWait == null) c.putNull("timeWaitPeak");
        else c.put("timeWaitPeak", timeWait);
        JSON.writeValue(p.toFile(), rec);
        return p;
    }

    @Test
    void countsAreSummedAndTimeWaitIsTheLargestPerMachineSummedOverMachines() throws Exception {
        List<Path> shards = new ArrayList<>();
        shards.add(shard(0, "loader-a", 10, 8, 100L));
        shards.add(shard(1, "loader-a", 20, 9, 130L)); // same machine: the same sockets seen again
        shards.add(shard(2, "loader-b", 30, 7, 40L));
        RunMerge.Result res = RunMerge.merge(shards, tmp.resolve("merged"));
        RecordSchema.assertValid(res.record());
        JsonNode c = JSON.readTree(res.record().toFile()).path("loader").path("connections");
        assertEquals(60, c.path("opened").asLong());
        assertEquals(54, c.path("closed").asLong());
        assertEquals(3, c.path("closedByPeer").asLong());
        assertEquals(24, c.path("peakOpen").asLong(), "an upper bound: each shard's own sockets");
        assertEquals(6, c.path("openAtEnd").asLong());
        assertEquals(170, c.path("timeWaitPeak").asLong(), "max(100, 130) on loader-a + 40 on loader-b");
        assertEquals(600, c.path("requests").asLong(), "requests summed");
        assertEquals(300, c.path("answers").asLong(), "answers summed");
        assertEquals("connection refused", c.path("noAnswerCause").asText(), "the cause of the shard without answers");
        List<String> fields = new ArrayList<>();
        c.fieldNames().forEachRemaining(fields::add);
        assertEquals(List.of("opened", "closed", "closedByPeer", "peakOpen", "openAtEnd", "requests", "answers",
                "noAnswerCause", "timeWaitPeak"), fields,
                "the record's connection figures, no more, no fewer");
    }

    @Test
    void timeWaitStaysNullWhenNoShardCouldReadIt() throws Exception {
        List<Path> shards = List.of(shard(0, "a", 1, 1, null), shard(1, "b", 1, 1, null), shard(2, "c", 1, 1, null));
        RunMerge.Result res = RunMerge.merge(shards, tmp.resolve("merged"));
        JsonNode c = JSON.readTree(res.record().toFile()).path("loader").path("connections");
        assertTrue(c.path("timeWaitPeak").isNull());
        assertEquals(3, c.path("opened").asLong());
    }
}
