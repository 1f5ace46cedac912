package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** {@code -mode order} is one queue's strict order: more than one shard is refused (exit 2, saying why); 0/1 runs. */
class OrderShardRefusalTest {
    private static MainRun order(String... shardArgs) {
        String[] base = {"-mode", "order", "-target", "broker", "-url", "http://127.0.0.1:1", "-messages", "10"};
        String[] args = new String[base.length + shardArgs.length];
        System.arraycopy(base, 0, args, 0, base.length);
        System.arraycopy(shardArgs, 0, args, base.length, shardArgs.length);
        return MainRun.of(args);
    }

    @Test
    void moreThanOneShardIsRefusedWithTheReason() {
        for (String[] a : new String[][] {{"-shard", "1/4"}, {"-shard", "0/2"}, {"-shards", "3"}}) {
            MainRun r = order(a);
            assertEquals(ExitCodes.USAGE, r.code(), String.join(" ", a) + ": " + r.err());
            assertTrue(r.err().contains("-mode order cannot be sharded"), r.err());
            assertTrue(r.err().contains("strict order of one queue"), r.err());
            assertEquals("", r.out(), "refused before anything is printed or sent");
        }
    }

    @Test
    void aStartInstantIsRefusedToo() {
        MainRun r = order("-start-at", Long.toString(System.currentTimeMillis() + 60_000));
        assertEquals(ExitCodes.USAGE, r.code(), r.err());
        assertTrue(r.err().contains("-start-at and -coordinator are for sharded runs"), r.err());
    }

    @Test
    void oneShardOfOneIsTheWholeRunAndIsNotRefused() {
        MainRun r = order("-shard", "0/1", "-drain", "1");
        assertNotEquals(ExitCodes.USAGE, r.code(), r.err()); // the broker at :1 is unreachable: a setup failure
        assertFalse(r.err().contains("cannot be sharded"), r.err());
    }
}
