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
    void aFlagTakesItsNamesGroup() {
        FlagTable t = new FlagTable("t")
                .intFlag("pop-timeout", 5, "x")
                .intFlag("rate", 1, "y")
                .intFlag("never-assigned-anywhere", 1, "z");
        assertEquals(FlagGroup.CONSUMERS, t.lookup("pop-timeout").orElseThrow().group());
        assertEquals(FlagGroup.LOAD_SHAPE, t.lookup("rate").orElseThrow().group());
        assertEquals(FlagGroup.OTHER, t.lookup("never-assigned-anywhere").orElseThrow().group());
    }

    @Test
    void unitsComeFromTheNameTheUsageOrGosBackQuotes() {
        Object[][] cases = {
            // expected unit, name, type, usage
            {"ms", "pop-timeout", FlagType.INT, "long-poll timeout in ms"},
            {"ms", "sweep-floor-ms", FlagType.INT, "minimum wall time per full sweep"},
            {"s", "ramp-sec", FlagType.FLOAT64, "linear ramp"},
            {"s", "lease-time", FlagType.INT, "configure leaseTime (s)"},
            {"s", "pending-retention", FlagType.INT, "configure retentionSeconds"},
            {"msg/s", "rate", FlagType.INT, "total offered msg/s (required, > 0)"},
            {"events/s", "rate-events", FlagType.INT, "total events/s entering the system"},
            {"bytes", "payload", FlagType.INT, "size in bytes of each message"},
            {"%", "fail-pct", FlagType.FLOAT64, "% of deliveries acked failed"},
            {"n", "x", FlagType.INT, "`n` things in ms"},
            {"", "partitions", FlagType.INT, "partitions p0..p{N-1}"},
            {"", "url", FlagType.STRING, "timeout in ms"},
        };
        for (Object[] c : cases) {
            FlagType type = (FlagType) c[2];
            FlagDef d = new FlagDef((String) c[1], type, type.zero(), (String) c[3]);
            assertEquals(c[0], FlagUnits.unit(d), d.name());
        }
        FlagDef d = new FlagDef("burst-every", FlagType.DURATION, Duration.ofMinutes(30), "burst period");
        assertEquals("duration", FlagUnits.label(d));
    }
}
