package dev.goload.modes.cm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.metrics.RunCounters;
import dev.goload.metrics.RunRecorders;
import dev.goload.modes.EpochClock;
import dev.goload.modes.RunSignal;
import dev.goload.pace.NanoClock;
import dev.goload.shard.Shard;
import dev.goload.verify.CmStage;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** How one cm shard's part of the run is cut: the flow rates and the properties. */
class CmShardSplitTest {
    @Test
    void eachFlowsRateIsSplitSoTheShardsSumToItExactly() {
        for (int events : new int[] {0, 1, 6, 61, 100_003}) {
            for (int n = 1; n <= 5; n++) {
                int a = 0;
                int b = 0;
                for (int i = 0; i < n; i++) {
                    a += CmShardPart.flowRate(events / 2, new Shard(i, n));
                    b += CmShardPart.flowRate(events - events / 2, new Shard(i, n));
                }
                assertEquals(events / 2, a, events + " over " + n + ": flow A");
                assertEquals(events - events / 2, b, events + " over " + n + ": flow B");
            }
        }
    }

    @Test
    void aFlowProducesExactlyTheShardsPropertiesAndTheirWarmUpCompletesTheTracker() {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            OrderedPushers flow = flow(new Shard(i, 3));
            assertEquals(i < 10 % 3 ? 4 : 3, flow.owned(), "10 properties over 3 shards: 4, 3, 3");
            WarmTracker warm = new WarmTracker(1, 10, flow.owned());
            for (int k = 0; k < flow.owned(); k++) {
                int prop = flow.property(k);
                assertEquals(i, prop % 3, "property " + prop + " belongs to shard " + prop % 3);
                assertTrue(seen.add(prop), "property " + prop + " on two shards");
                assertFalse(warm.complete());
                warm.mark(0, prop);
            }
            assertTrue(warm.complete(), "seq 0 of every owned property is the whole warm-up of shard " + i);
        }
        assertEquals(10, seen.size(), "every property on one shard");
    }

    private static OrderedPushers flow(Shard shard) {
        CmCounters counters = new CmCounters(CmStage.standard(""));
        RunCounters run = new RunCounters();
        RunRecorders recorders = new RunRecorders();
        RunSignal signal = new RunSignal();
        StablePush pusher = new StablePush(new dev.goload.modes.PushSender(run, recorders, NanoClock.SYSTEM),
                null, signal, 1, counters, NanoClock.SYSTEM);
        return new OrderedPushers('A', "cm-avail", 10, shard, 4, 16, new CmEvents(64, "n"), pusher, counters, run,
                recorders.lateness, signal, new EpochClock(NanoClock.SYSTEM), 1);
    }
}
