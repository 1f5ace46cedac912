package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** How a signal cuts a cloud run, on an injected clock. */
class CloudPhasesTest {
    private final AtomicLong now = new AtomicLong(0);
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final CloudPhases phases = new CloudPhases(new PrintStream(bytes, true, StandardCharsets.UTF_8), now::get);

    private String out() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aSignalDuringTheLoadStopsTheProducersEarly() throws Exception {
        phases.loadEndsAt(10_000);
        now.set(5_000);
        assertTrue(phases.interrupt());
        assertTrue(phases.awaitCut(10_000));
        assertEquals("signal", phases.stopReason());
        assertTrue(out().contains("[signal] stopping producers early"), out());
    }

    @Test
    void aSignalAfterTheDurationButBeforeTheDrainStartsCutsTheDrainNotTheLoad() throws Exception {
        phases.loadEndsAt(10_000);
        now.set(10_000);
        assertFalse(phases.awaitCut(10_000), "the load ran its full duration");
        assertTrue(phases.interrupt(), "the signal is taken, for the drain");
        assertFalse(phases.interrupt(), "a second signal is not consumed");
        phases.enter(CloudPhases.Phase.DRAIN);
        assertTrue(phases.awaitCut(1_000_000), "the drain starts already cut");
        assertEquals("duration", phases.stopReason());
        assertTrue(out().contains("[signal] cutting the drain short"), out());
        assertFalse(out().contains("stopping producers early"), out());
    }

    @Test
    void withoutASignalTheDrainRunsToItsDeadline() throws Exception {
        phases.loadEndsAt(10_000);
        now.set(10_000);
        phases.enter(CloudPhases.Phase.DRAIN);
        now.set(20_000);
        assertFalse(phases.awaitCut(20_000));
        assertEquals("duration", phases.stopReason());
    }
}
