package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.faults.LoadRecordInvariants;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 3, test 6: exit codes and validation of the load modes through {@code Main.run}. */
class LoadModeExitCodesTest {
    @TempDir
    Path dir;

    @Test
    void zeroRateIsAUsageErrorWithTheReferenceMessage() {
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-rate", "0");
        assertEquals(2, r.code(), r.toString());
        assertEquals("goload -mode openloop: -rate must be > 0 (total offered msg/s)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void zeroMaxInflightIsAUsageError() {
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-rate", "100", "-max-inflight", "0");
        assertEquals(2, r.code(), r.toString());
        assertEquals("goload -mode openloop: -max-inflight must be > 0\n", r.err());
    }

    @Test
    void zeroPushBatchIsAUsageError() {
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-rate", "100", "-push-batch", "0");
        assertEquals(2, r.code(), r.toString());
        assertEquals("goload -mode openloop: -push-batch must be > 0\n", r.err());
    }

    @Test
    void aValueTheConfigRecordRejectsIsAUsageErrorBeforeAnyOutput() {
        for (String[] args : new String[][] {{"openloop", "-rate", "100"}, {"max"}, {"cm", "-rate-events", "10"}}) {
            String mode = args[0];
            java.util.List<String> argv = new java.util.ArrayList<>(java.util.List.of("-mode", mode));
            argv.addAll(java.util.List.of(args).subList(1, args.length));
            argv.addAll(java.util.List.of("-timeout", "99999999999"));
            LoadModeRun r = LoadModeRun.of(dir, argv.toArray(String[]::new));
            assertEquals(2, r.code(), r.toString());
            assertEquals("goload -mode " + mode + ": -timeout value 99999999999 is out of range for this option\n",
                    r.err());
            assertEquals("", r.out());
        }
    }

    @Test
    void unreachableBrokerStillFinishesCountsConnectionErrorsAndExits1() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        } // closed: connections are refused
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-url", "http://127.0.0.1:" + port, "-rate", "200",
                "-push-batch", "10", "-duration", "1", "-report", "1", "-consumers", "1");
        assertEquals(1, r.code(), "the run finishes, but a broker that never answered is a setup failure (the"
                + " reference exits 0: docs/differences.md): " + r);
        assertTrue(r.out().contains("[configure] WARNING: "), r.out());
        JsonNode rec = r.record();
        assertTrue(rec.path("section").path("configureError").isTextual(), rec.toString());
        assertTrue(rec.path("errors").path("configure").path("total").asLong() > 0, "counted as a configure error");
        long pushErr = r.counter("pushErrReq");
        assertTrue(pushErr > 0, r.toString());
        JsonNode kinds = LoadRecordInvariants.counters(rec).get("errorsByKind");
        assertEquals(pushErr, kinds.get("push.conn").asLong(), kinds.toString());
        assertEquals(r.counter("popErr"), kinds.get("pop.conn").asLong(), kinds.toString());
        assertEquals(r.counter("sentReq"), pushErr, "every sent push failed and was counted once");
        assertEquals(0, r.counter("achievedReq"));
        assertTrue(r.out().lines().anyMatch(l -> l.startsWith("[final] offered=") && l.contains(" pushErr=" + pushErr)));
    }

    @Test
    void outPointingAtAFileIsASetupErrorWithAClearMessage() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-dir"), "x");
        LoadModeRun r = LoadModeRun.of(dir, "-mode", "openloop", "-embedded", "-rate", "100", "-duration", "1",
                "-out", file.toString());
        assertEquals(1, r.code(), r.toString());
        assertTrue(r.err().contains("goload: cannot create the artifact directory " + file), r.err());
        assertTrue(r.err().contains("not a directory") || r.err().contains("exists"), r.err());
        assertEquals("x", Files.readString(file), "the file is left alone");
        assertFalse(r.out().contains("[final]"), "no run happened");
    }
}
