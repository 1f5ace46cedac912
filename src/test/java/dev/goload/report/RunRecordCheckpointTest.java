package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.goload.metrics.LatencySummary;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.RunResult;
import dev.goload.modes.run.RunOutcome;
import dev.goload.modes.run.Verdict;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The record as the run goes (docs/run-record.md#incomplete-records): written when the writer opens, rewritten at
 * every checkpoint, replaced by the final record; a checkpoint that cannot be written is said once and costs the run
 * nothing.
 */
class RunRecordCheckpointTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long T0 = 1_790_000_000_000L;
    private static final Map<String, Object> SECTION = Map.of("activePartitions", 4, "arrival", "uniform",
            "pushBatch", 10);

    @TempDir
    Path dir;

    private final ByteArrayOutputStream errBytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(errBytes, true, StandardCharsets.UTF_8);

    private RunRecordWriter<Void> writer() throws Exception {
        RunHeader h = new RunHeader("run", "openloop", "test", "http1", "goload -mode openloop", Map.of("report", 1),
                null, new RunHeader.Broker("http://127.0.0.1:1", true, true));
        return new RunRecordWriter<Void>(dir, h, T0).warnings(err);
    }

    private static RunOutcome soFar(int intervals, long achieved, String stop) {
        RunCounters.Snapshot c = new RunCounters.Snapshot(achieved, achieved, achieved, 0, 0, achieved * 10, 0, 0, 0,
                0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of());
        var loader = new RunResult.LoaderSummary(2, 0.5, 0.9, 5, 3, 12, 300L << 20, false, List.of());
        return new RunOutcome("openloop", "run", T0, T0 + intervals * 1000L, stop,
                List.of(new RunOutcome.Phase("load", 0, intervals, c)), c, new RunCounters().errorFamilies(),
                Map.of("push", LatencySummary.EMPTY), Map.of(), loader, null, null, Verdict.NONE, 0, 0, intervals);
    }

    private JsonNode record() throws Exception {
        return JSON.readTree(dir.resolve("run.json").toFile());
    }

    @Test
    void theRecordIsThereFromTheStartFollowsEveryCheckpointAndIsReplacedAtTheEnd() throws Exception {
        try (RunRecordWriter<Void> w = writer()) {
            JsonNode opened = record();
            assertFalse(opened.path("complete").asBoolean(true));
            assertEquals(0, opened.path("intervals").asInt());
            assertEquals("running", opened.path("stopReason").asText());
            RecordSchema.assertValid(opened);

            w.onCheckpoint(() -> soFar(3, 300, "running"));
            JsonNode three = record();
            assertFalse(three.path("complete").asBoolean(true));
            assertEquals(3, three.path("intervals").asInt());
            assertEquals(300, three.path("counters").path("achievedReq").asLong());
            assertEquals(java.time.Instant.ofEpochMilli(T0 + 3000).toString(), three.path("endedAt").asText());
            assertEquals(0, three.path("section").size(), "the mode's section is the end's");
            RecordSchema.assertValid(three);

            w.finish(soFar(5, 500, "duration"), SECTION, List.of());
            JsonNode end = record();
            assertTrue(end.path("complete").asBoolean(false));
            assertEquals(500, end.path("counters").path("achievedReq").asLong());
            RecordSchema.assertValid(end);
        }
        assertFalse(Files.exists(dir.resolve("run.json.tmp")), "no temporary file left");
        assertEquals("", errBytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aCheckpointThatCannotBeWrittenIsSaidOnceTheRunGoesOnAndTheFinalRecordListsIt() throws Exception {
        try (RunRecordWriter<Void> w = writer()) {
            Path blocker = Files.createDirectories(dir.resolve("run.json.tmp").resolve("x")); // the temp file's path
            w.onCheckpoint(() -> soFar(1, 100, "running"));
            w.onCheckpoint(() -> soFar(2, 200, "running"));
            String said = errBytes.toString(StandardCharsets.UTF_8);
            assertEquals(1, said.lines().count(), said);
            assertTrue(said.startsWith("goload: checkpointing the run record " + dir.resolve("run.json")
                    + " failed at interval 0: "), said);
            assertEquals(0, record().path("intervals").asInt(), "the last record written stays whole");

            Files.delete(blocker);
            Files.delete(blocker.getParent());
            w.onCheckpoint(() -> soFar(3, 300, "running"));
            assertEquals(300, record().path("counters").path("achievedReq").asLong(), "the next checkpoint is written");

            UncheckedIOException e = assertThrows(UncheckedIOException.class,
                    () -> w.finish(soFar(4, 400, "duration"), SECTION, List.of()));
            assertTrue(e.getMessage().contains("checkpointing the run record"), e.getMessage());
            JsonNode end = record();
            assertTrue(end.path("complete").asBoolean(false));
            assertEquals(400, end.path("counters").path("achievedReq").asLong(), "no counter lost");
            assertTrue(end.path("artifactErrors").get(0).asText().startsWith("checkpointing the run record"),
                    end.path("artifactErrors").toString());
            assertEquals(1, errBytes.toString(StandardCharsets.UTF_8).lines().count());
        }
    }
}
