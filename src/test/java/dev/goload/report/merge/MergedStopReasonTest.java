package dev.goload.report.merge;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A merged run whose shards stopped differently says which shard stopped how (one stopped early is short). */
class MergedStopReasonTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ShardInputs.Shard shard(int index, String stopReason) {
        return new ShardInputs.Shard(index, null, JSON.createObjectNode().put("stopReason", stopReason), null, null);
    }

    @Test
    void shardsThatAllRanToTheirEndKeepTheirCommonReason() {
        assertEquals("duration", RecordMerge.stopReason(List.of(shard(0, "duration"), shard(1, "duration"))));
    }

    @Test
    void aShardStoppedBySignalIsNamedBesideTheOthers() {
        assertEquals("shards: 0,1,3 duration; 2 signal", RecordMerge.stopReason(List.of(shard(0, "duration"),
                shard(1, "duration"), shard(2, "signal"), shard(3, "duration"))));
    }
}
