package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FlagGroupsTest {

    @Test
    void everyFlagOfEveryModeHasAGroup() {
        List<String> unassigned = new ArrayList<>();
        for (ModeCommand mode : ModeRegistry.standard().all()) {
            for (FlagDef d : mode.flags().definitions()) {
                if (d.group() == FlagGroup.OTHER) unassigned.add(mode.name() + " -" + d.name());
            }
        }
        assertEquals(List.of(), unassigned, "assign these flags a group in FlagGroups");
    }

    @Test
    void aFlagTakesItsNamesGroupUnlessTheTableSaysOtherwise() {
        FlagTable t = new FlagTable("t")
                .intFlag("pop-timeout", 5, "x")
                .add("rate", FlagType.INT, 1, "y", FlagGroup.OUTPUT)
                .intFlag("never-assigned-anywhere", 1, "z");
        assertEquals(FlagGroup.CONSUMERS, t.lookup("pop-timeout").orElseThrow().group());
        assertEquals(FlagGroup.OUTPUT, t.lookup("rate").orElseThrow().group());
        assertEquals(FlagGroup.OTHER, t.lookup("never-assigned-anywhere").orElseThrow().group());
    }

    @Test
    void unitsComeFromTheNameTheUsageOrGosBackQuotes() {
        assertEquals("ms", unit("pop-timeout", FlagType.INT, "long-poll timeout in ms"));
        assertEquals("ms", unit("sweep-floor-ms", FlagType.INT, "minimum wall time per full sweep"));
        assertEquals("s", unit("ramp-sec", FlagType.FLOAT64, "linear ramp"));
        assertEquals("s", unit("lease-time", FlagType.INT, "configure leaseTime (s)"));
        assertEquals("s", unit("pending-retention", FlagType.INT, "configure retentionSeconds"));
        assertEquals("msg/s", unit("rate", FlagType.INT, "total offered msg/s (required, > 0)"));
        assertEquals("events/s", unit("rate-events", FlagType.INT, "total events/s entering the system"));
        assertEquals("bytes", unit("payload", FlagType.INT, "size in bytes of each message"));
        assertEquals("%", unit("fail-pct", FlagType.FLOAT64, "% of deliveries acked failed"));
        assertEquals("n", unit("x", FlagType.INT, "`n` things in ms"));
        assertEquals("", unit("partitions", FlagType.INT, "partitions p0..p{N-1}"));
        assertEquals("", unit("url", FlagType.STRING, "timeout in ms"));
        FlagDef d = new FlagDef("burst-every", FlagType.DURATION, Duration.ofMinutes(30), "burst period");
        assertEquals("duration", FlagUnits.label(d));
    }

    private static String unit(String name, FlagType type, String usage) {
        return FlagUnits.unit(new FlagDef(name, type, type.zero(), usage));
    }
}
