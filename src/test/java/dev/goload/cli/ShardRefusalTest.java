package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The modes (and the cm variant) that cannot be split into shards refuse {@code -shard} before anything is sent. */
class ShardRefusalTest {
    @TempDir
    Path dir;

    @Test
    void appRefusesAShardWithTheReasonAndExitTwo() {
        MainRun r = MainRun.of("-mode", "app", "-url", "http://127.0.0.1:9", "-duration", "1", "-shard", "1/2");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("goload -mode app: cannot be sharded (-shard 1/2): its consumer groups"), r.err());
        assertTrue(r.err().contains("run app on one loader"), r.err());
        assertEquals("", r.out(), "refused before the header");
        MainRun at = MainRun.of("app", "-url", "http://127.0.0.1:9", "-start-at",
                Long.toString(System.currentTimeMillis() + 60_000));
        assertEquals(2, at.code(), at.out() + at.err());
        assertTrue(at.err().contains("-start-at is for the shards of a sharded run"), at.err());
    }

    @Test
    void provisionRefusesShardsItRunsOnceBeforeThem() {
        MainRun r = MainRun.of("-mode", "provision", "-dry-run", "-tenants", "2", "-shard", "0/3");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("goload -mode provision: cannot be sharded (-shard 0/3): provisioning is a"
                + " one-off setup step, not a load: run it once, before the shards start"), r.err());
        assertEquals("", r.out(), "no SQL printed");
        MainRun one = MainRun.of("-mode", "provision", "-dry-run", "-tenants", "1", "-shard", "0/1");
        assertEquals(0, one.code(), "one shard of one is the unsharded run: " + one.err());
    }

    @Test
    void cmWithWildcardStagesRefusesAShardBeforeTouchingTheLogdir() {
        Path logs = dir.resolve("cm");
        MainRun r = MainRun.of("cm", "-url", "http://127.0.0.1:9", "-rate-events", "10", "-logdir", logs.toString(),
                "-final-targeted=false", "-shard", "0/2");
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("goload -mode cm: a sharded run needs targeted stages (-final-targeted and"
                + " -intermediate-targeted, the default): wildcard pops take any partition"), r.err());
        assertTrue(!Files.exists(logs), "nothing written");
        MainRun bad = MainRun.of("-mode", "cm", "-url", "http://127.0.0.1:9", "-rate-events", "10", "-logdir",
                logs.toString(), "-shard", "2/2");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("goload -mode cm: shard index must be in 0..1, got 2"), bad.err());
    }
}
