package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.ShardOptions;
import dev.goload.shard.Shard;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ShardFlagsTest {
    private static final long NOW = 1_764_590_400_000L;

    private static ShardOptions parse(Map<String, String> env, String... args) throws Exception {
        FlagTable t = ShardFlags.add(new FlagTable("test"));
        return ShardFlags.parse(GoFlagParser.parse(t, List.of(args)), env, NOW);
    }

    @Test
    void parsesEveryWayOfNamingAShardAndItsStart() throws Exception {
        assertEquals(ShardOptions.NONE.shard(), parse(Map.of()).shard());
        assertEquals(new Shard(1, 4), parse(Map.of(), "-shard", "1/4").shard());
        assertEquals(new Shard(3, 8), parse(Map.of("JOB_COMPLETION_INDEX", "3"), "-shards", "8").shard());
        ShardOptions c = parse(Map.of(), "-shard", "0/2", "-coordinator", "http://127.0.0.1:7070",
                "-coordinate-listen", ":7070", "-coordinate-timeout", "30s");
        assertEquals("http://127.0.0.1:7070", c.coordinator());
        assertEquals(":7070", c.coordinateListen());
        assertEquals(30_000, c.readyTimeoutMs());
        assertTrue(c.coordinated());
        ShardOptions s = parse(Map.of(), "-shard", "0/2", "-start-at", Long.toString(NOW + 5_000));
        assertEquals(NOW + 5_000, s.startAtEpochMs());
        assertNull(parse(Map.of()).startAtEpochMs());
    }

    @Test
    void contradictionsAndBadValuesAreUsageErrorsNamingTheFlag() {
        String both = assertThrows(IllegalArgumentException.class,
                () -> parse(Map.of("JOB_COMPLETION_INDEX", "1"), "-shard", "1/4", "-shards", "4")).getMessage();
        assertTrue(both.contains("not both"), both);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-shards", "4")).getMessage()
                .contains("JOB_COMPLETION_INDEX"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-shard", "0/2", "-start-at",
                Long.toString(NOW + 5_000), "-coordinator", "http://x:1")).getMessage().contains("not both"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-coordinator", "http://x:1"))
                .getMessage().contains("needs -shard"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-shard", "0/2",
                "-coordinate-listen", ":1")).getMessage().contains("-coordinator"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-shard", "0/2",
                "-coordinator", "x:1")).getMessage().contains("wants a URL"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-start-at", "yesterday"))
                .getMessage().contains("RFC 3339"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> parse(Map.of(), "-shard", "5/4"))
                .getMessage().contains("0..3"));
    }
}
