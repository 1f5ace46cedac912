package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.LatencyRecorder;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.Verdict;
import dev.goload.report.merge.ShardRunFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MergeCommandTest {

    @Test
    void mergesTheShardsOfARunIntoOneRecordAndNamesItsArtifacts(@TempDir Path tmp) throws Exception {
        LatencyRecorder w = new LatencyRecorder("push");
        RunCounters c = new RunCounters();
        Path a = ShardRunFixture.run(tmp, 0, 2, 1, w, c, "30000", Verdict.NONE);
        Path b = ShardRunFixture.run(tmp, 1, 2, 2, w, c, "30000", Verdict.NONE);
        Path out = tmp.resolve("merged");
        MainRun r = MainRun.of("merge", "-o", out.toString(), a.getParent().toString(), b.toString());
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().startsWith("[merge] 2 shards of a openloop run merged; verdict NONE"), r.out());
        assertTrue(r.out().contains("[artifacts] " + out.resolve("soak-1.json")), r.out());
        assertTrue(Files.isRegularFile(out.resolve("soak-1.hlog")));
    }

    @Test
    void inputsThatAreNotOneRunsShardsAreAUsageError(@TempDir Path tmp) throws Exception {
        LatencyRecorder w = new LatencyRecorder("push");
        RunCounters c = new RunCounters();
        Path a = ShardRunFixture.run(tmp, 0, 3, 1, w, c, "30000", Verdict.NONE);
        MainRun one = MainRun.of("merge", "-o", tmp.resolve("m").toString(), a.toString());
        assertEquals(2, one.code());
        assertTrue(one.err().contains("at least two shards"), one.err());
        Path b = ShardRunFixture.run(tmp, 1, 3, 2, w, c, "30000", Verdict.NONE);
        MainRun missing = MainRun.of("merge", "-o", tmp.resolve("m").toString(), a.toString(), b.toString());
        assertEquals(2, missing.code());
        assertTrue(missing.err().contains("missing: 2"), missing.err());
        MainRun noOut = MainRun.of("merge", a.toString(), b.toString());
        assertEquals(2, noOut.code());
        assertTrue(noOut.err().contains("-o DIR is required"), noOut.err());
        MainRun nothing = MainRun.of("merge", "-o", tmp.toString(), tmp.resolve("nope.json").toString(), b.toString());
        assertEquals(2, nothing.code());
    }
}
