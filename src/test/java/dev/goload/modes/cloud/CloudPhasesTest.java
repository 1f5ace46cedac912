package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.modes.run.RunNote;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** How a signal cuts a cloud run, on an injected clock: which phase signal it stops, and the note it leaves. */
class CloudPhasesTest {
    private final AtomicLong now = new AtomicLong(0);
    private final List<RunNote> notes = new CopyOnWriteArrayList<>();
    private final CloudPhases phases = new CloudPhases(notes::add, now::get);

    @Test
    void aSignalDuringTheLoadStopsTheProducersEarly() {
        phases.loadEndsAt(10_000);
        now.set(5_000);
        assertTrue(phases.interrupt());
        assertTrue(phases.load.isStopping());
        assertFalse(phases.drain.isStopping(), "the drain still runs");
        assertEquals("signal", phases.stopReason());
        assertEquals(List.of(new CloudNote.Signal(true)), notes);
        assertFalse(phases.interrupt(), "a second signal in the load is not consumed");
        phases.enter(CloudPhases.Phase.DRAIN);
        assertTrue(phases.interrupt(), "a signal in the drain cuts it");
        assertTrue(phases.drain.isStopping());
        assertEquals(List.of(new CloudNote.Signal(true), new CloudNote.Signal(false)), notes);
    }

    @Test
    void aSignalAfterTheDurationButBeforeTheDrainStartsCutsTheDrainNotTheLoad() {
        phases.loadEndsAt(10_000);
        now.set(10_000);
        assertTrue(phases.interrupt(), "the signal is taken, for the drain");
        assertFalse(phases.interrupt(), "a second signal is not consumed");
        assertFalse(phases.load.isStopping(), "the load ran its full duration");
        phases.enter(CloudPhases.Phase.DRAIN);
        assertTrue(phases.drain.isStopping(), "the drain starts already cut");
        assertEquals("duration", phases.stopReason());
        assertEquals(List.of(new CloudNote.Signal(false)), notes);
    }

    @Test
    void withoutASignalNothingIsCutAndASignalAfterTheRunIsIgnored() {
        phases.loadEndsAt(10_000);
        now.set(20_000);
        phases.enter(CloudPhases.Phase.DRAIN);
        phases.enter(CloudPhases.Phase.DONE);
        assertFalse(phases.interrupt());
        assertFalse(phases.load.isStopping() || phases.drain.isStopping());
        assertEquals("duration", phases.stopReason());
        assertTrue(notes.isEmpty());
    }
}
