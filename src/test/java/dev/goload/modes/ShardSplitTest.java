package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.shard.Shard;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A sharded max/openloop run writes and pops only the partitions each shard owns, and together covers them all. */
class ShardSplitTest {
    private static int index(String partition) {
        return Integer.parseInt(partition.substring(1));
    }

    @Test
    void eachShardsPickerWritesOnlyItsOwnPartitionsAndTogetherTheActiveCountPerSecond() {
        int space = 10;
        int active = 6;
        for (String policy : List.of("rotate", "scatter")) {
            for (long sec = 0; sec < 5; sec++) {
                Set<String> union = new HashSet<>();
                int sum = 0;
                for (int i = 0; i < 4; i++) {
                    Shard s = new Shard(i, 4);
                    PartitionPicker p = new PartitionPicker(space, active, policy, s);
                    Set<String> seen = new HashSet<>();
                    for (int n = 0; n < 100; n++) seen.add(p.next(sec));
                    for (String part : seen) assertTrue(s.owns(index(part)), policy + " shard " + s + ": " + part);
                    assertEquals(s.share(active), seen.size(), policy + " shard " + s + " second " + sec);
                    sum += seen.size();
                    union.addAll(seen);
                }
                assertEquals(active, sum, "the shards' active partitions add up to -active-partitions");
                assertEquals(active, union.size(), "and are disjoint");
            }
        }
    }

    @Test
    void theWholeSpaceIsCoveredOnceByTheShardsPickers() {
        Set<String> union = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            PartitionPicker p = new PartitionPicker(7, 0, "rotate", new Shard(i, 3));
            for (int n = 0; n < 50; n++) union.add(p.next(0));
        }
        assertEquals(7, union.size());
    }

    @Test
    void aSingleShardPicksAsTheUnshardedPicker() {
        PartitionPicker a = new PartitionPicker(10, 4, "scatter");
        PartitionPicker b = new PartitionPicker(10, 4, "scatter", Shard.SINGLE);
        for (int n = 0; n < 40; n++) assertEquals(a.next(n / 10), b.next(n / 10));
    }

    @Test
    void consumersPinToOwnedPartitionsWhenThereAreEnoughOfThem() {
        Shard s = new Shard(1, 4); // owns p1, p5 of 8
        assertEquals(List.of("p1"), ShardPops.partitionsOf(s, 8, 3, 0, true));
        assertEquals(List.of("p5"), ShardPops.partitionsOf(s, 8, 3, 1, true));
        assertEquals(List.of("p1"), ShardPops.partitionsOf(s, 8, 3, 2, true));
        assertEquals(List.of("p5"), ShardPops.partitionsOf(s, 8, 1, 1, false), "-pop-wildcard=false pins");
    }

    @Test
    void fewerWildcardConsumersThanOwnedPartitionsSweepThemAllExactlyOnce() {
        Shard s = new Shard(2, 3); // owns p2, p5, p8, p11, p14 of 16
        List<String> all = new ArrayList<>();
        for (int c = 0; c < 2; c++) all.addAll(ShardPops.partitionsOf(s, 16, 2, c, true));
        assertEquals(List.of("p2", "p8", "p14", "p5", "p11"), all);
    }
}
