package dev.goload.modes.consume;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.goload.client.PopRequest;
import dev.goload.client.PopResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** cm's targeted sweep as a pop source: owned partitions in turn, in-work ones skipped, a floor per sweep. */
class SweepPopsTest {
    private final AtomicLong nanos = new AtomicLong();
    private final RecordingLifetime life = new RecordingLifetime(ms -> nanos.addAndGet(ms * 1_000_000));

    private static List<PopRequest> owned(String... partitions) {
        List<PopRequest> l = new ArrayList<>();
        for (String p : partitions) l.add(PopRequest.of("q").withPartition(p));
        return l;
    }

    @Test
    void popsEachOwnedPartitionInTurnSkippingThoseInWorkAndHoldsTheSweepFloor() {
        List<String> popped = new ArrayList<>();
        Set<Integer> inWork = Set.of(1);
        SweepPops sweep = new SweepPops(owned("p0", "p3", "p6"), r -> {
            popped.add(r.partition());
            nanos.addAndGet(3_000_000); // each pop takes 3 ms
            return new PopResult(204, List.of(), null);
        }, inWork::contains, 20, life, nanos::get);
        for (int i = 0; i < 4; i++) sweep.pop();
        assertEquals(List.of("p0", "p6", "p0", "p6"), popped);
        assertEquals(List.of(14L), life.pauses, "the sweep took 6 ms of its 20 ms floor");
        assertEquals(2, sweep.current());
    }

    @Test
    void aSweepThatOverranItsFloorStartsTheNextAtOnceAndAStopEndsIt() {
        SweepPops sweep = new SweepPops(owned("p0"), r -> {
            nanos.addAndGet(50_000_000);
            return new PopResult(204, List.of(), null);
        }, i -> false, 20, life, nanos::get);
        sweep.pop();
        sweep.pop();
        assertEquals(List.of(), life.pauses);
        life.stopping = true;
        assertNull(sweep.pop(), "at the sweep's end the stop makes no pop: null, nothing to count");
    }
}
