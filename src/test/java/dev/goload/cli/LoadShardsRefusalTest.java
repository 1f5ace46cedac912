package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** max and openloop refuse, with exit 2 and before anything is sent, what cannot be sharded exactly. */
class LoadShardsRefusalTest {
    @TempDir
    Path dir;

    private MainRun run(String mode, String... extra) {
        List<String> a = new ArrayList<>(List.of("-mode", mode, "-url", "http://127.0.0.1:9", "-duration", "1",
                "-out", dir.toString()));
        if (mode.equals("openloop")) a.addAll(List.of("-rate", "1000"));
        a.addAll(List.of(extra));
        return MainRun.of(a.toArray(String[]::new));
    }

    private void refused(String needle, MainRun r) {
        assertEquals(2, r.code(), r.out() + r.err());
        assertTrue(r.err().contains(needle), r.err());
    }

    @Test
    void moreShardsThanPartitionsIsExit2() {
        for (String mode : List.of("openloop", "max")) {
            refused("need at least as many -partitions", run(mode, "-shard", "0/4", "-partitions", "3"));
        }
    }

    @Test
    void multiPartitionPopsCannotBeSharded() {
        refused("-pop-partitions > 1 cannot be sharded", run("openloop", "-shard", "1/2", "-pop-partitions", "4"));
    }

    @Test
    void aShardWithoutConsumersProducersRateOrActivePartitionsIsExit2() {
        refused("leaves a shard without consumers", run("max", "-shard", "0/4", "-consumers", "3"));
        refused("leaves a shard without producers", run("max", "-shard", "0/4", "-producers", "2"));
        refused("nothing to offer", run("openloop", "-shard", "3/4", "-rate", "3"));
        refused("without active partitions", run("openloop", "-shard", "0/4", "-active-partitions", "2"));
    }

    @Test
    void aNegativeDrainIsExit2() {
        refused("-drain must be >= 0", run("max", "-drain", "-1"));
    }

    @Test
    void aCoordinatorThatCannotBeReachedEndsTheRunWithExit1BeforeAnythingIsSent() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort(); // closed again: nobody serves the barrier there
        }
        MainRun r = MainRun.of("-mode", "openloop", "-embedded", "-rate", "1000", "-duration", "1", "-shard", "1/2",
                "-partitions", "4", "-consumers", "2", "-coordinator", "http://127.0.0.1:" + port,
                "-coordinate-timeout", "1s", "-out", dir.resolve("run").toString(), "-run-id", "r");
        assertEquals(1, r.code(), r.out() + r.err());
        assertTrue(r.err().contains("the coordinated start failed, nothing was sent: cannot reach the coordinator"),
                r.err());
        // the record written when the run opened stays, marked incomplete: goload merge names this shard
        java.nio.file.Path rec = dir.resolve("run").resolve("r.json");
        assertTrue(java.nio.file.Files.exists(rec), "the record written at the start is kept");
        com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper().readTree(rec.toFile());
        assertEquals(false, j.path("complete").asBoolean(true), "the run never ran: incomplete, " + j);
        assertTrue(!r.out().contains("[final]"), r.out());
    }
}
