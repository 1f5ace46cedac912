package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code goload aot-train}, the launcher's AOT-cache training run: it trains the paths the bench measures (push
 * batch 100 and 1, pops with manual ack and with autoAck, cloud), on loopback only, and every one of its runs
 * succeeds (a failing step would leave the launcher without a cache).
 */
class AotTrainCommandTest {
    @Test
    void theStepsCoverPushBatch100And1PopsWithManualAckAndAutoAckAndCloudAllOnLoopback() {
        List<AotTrainCommand.Step> steps = AotTrainCommand.steps("http://127.0.0.1:1", "http://127.0.0.1:2", 3,
                AotTrainCommand.ALL);
        List<String> joined = steps.stream().map(s -> String.join(" ", s.args())).toList();
        assertTrue(joined.get(0).contains("-mode openloop -url http://127.0.0.1:1") && joined.get(0).contains("-push-batch 100"));
        assertTrue(joined.get(1).contains("-mode openloop -url http://127.0.0.1:2") && joined.get(1).contains("-push-batch 1 "));
        assertTrue(joined.get(2).contains("-mode max") && joined.get(2).contains("-manual-ack"));
        assertTrue(joined.get(3).contains("-mode max") && !joined.get(3).contains("-manual-ack"));
        assertTrue(joined.get(4).contains("-mode cloud -embedded"));
        for (String j : joined) {
            assertTrue(j.contains("-duration 3"), j);
            assertTrue(!j.contains("-url ") || j.contains("-url http://127.0.0.1:"), "loopback only: " + j);
        }
    }

    /** The load cache (openloop and max against a broker) holds neither cloud's classes nor the embedded broker's. */
    @Test
    void theLoadPathsAreTheOpenloopAndMaxStepsWithoutCloudNorAnEmbeddedBroker() {
        List<AotTrainCommand.Step> all = AotTrainCommand.steps("http://127.0.0.1:1", "http://127.0.0.1:2", 3,
                AotTrainCommand.ALL);
        List<AotTrainCommand.Step> load = AotTrainCommand.steps("http://127.0.0.1:1", "http://127.0.0.1:2", 3,
                AotTrainCommand.LOAD);
        assertEquals(all.subList(0, 4), load);
        for (AotTrainCommand.Step s : load) {
            String j = String.join(" ", s.args());
            assertTrue(j.contains("-mode openloop") || j.contains("-mode max"), j);
            assertTrue(!j.contains("-embedded") && !j.contains("cloud"), j);
        }
    }

    @Test
    void anUnknownPathsValueIsAUsageError() {
        var err = new ByteArrayOutputStream();
        assertEquals(ExitCodes.USAGE, AotTrainCommand.run(List.of("-paths", "cloud"), System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("-paths must be all or load"));
    }

    @Test
    void aTrainingRunsEveryStepToSuccessAndPrintsNothing() {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        int code = AotTrainCommand.run(List.of("-sec", "1"), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertEquals(ExitCodes.OK, code, err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
        assertEquals("", err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aSecondsCountBelowOneIsAUsageError() {
        var err = new ByteArrayOutputStream();
        assertEquals(ExitCodes.USAGE, AotTrainCommand.run(List.of("-sec", "0"), System.out,
                new PrintStream(err, true, StandardCharsets.UTF_8)));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("-sec must be >= 1"));
    }
}
