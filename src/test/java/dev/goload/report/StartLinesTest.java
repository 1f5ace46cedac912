package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.modes.StartGate;
import dev.goload.shard.CoordinatedStart;
import dev.goload.shard.Shard;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The one console format of a coordinated start, as every sharded mode's console prints it (golden lines). */
class StartLinesTest {
    private static final long T0 = 1_796_133_600_000L; // 2026-12-01T14:00:00Z

    private static String print(StartGate.Started st) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        StartLines.print(new PrintStream(b, true, StandardCharsets.UTF_8), st);
        return b.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aStartAtStartOnTimeIsOneLine() {
        assertEquals("[shard] 0/1 starts at T0 2026-12-01T14:00:00Z (-start-at)\n",
                print(new StartGate.Started(Shard.SINGLE, new CoordinatedStart.Start(T0, T0, null, null), 999_999)));
    }

    @Test
    void aCoordinatedStartNamesTheCoordinatorAndTheSignedOffset() {
        var s = new CoordinatedStart.Start(T0, T0 - 3, 3.25, "http://shard-0:7070");
        assertEquals("[shard] 2/4 starts at T0 2026-12-01T14:00:00Z (coordinator http://shard-0:7070, clock offset"
                + " +3.3 ms)\n", print(new StartGate.Started(new Shard(2, 4), s, 0)));
    }

    @Test
    void aLateArrivalAndALargeOffsetAreWarnings() {
        var s = new CoordinatedStart.Start(T0, T0 + 250, -250.0, "http://shard-0:7070");
        assertEquals("[shard] 3/4 starts at T0 2026-12-01T14:00:00Z (coordinator http://shard-0:7070, clock offset"
                + " -250.0 ms)\n"
                + "[shard] WARNING: 3/4 reached T0 120 ms late (up to 250 ms is tolerated): its schedule stays anchored"
                + " on T0, the sends due meanwhile are caught up or shed by its pacer\n"
                + "[shard] WARNING: this loader's clock is 250.0 ms ahead of the coordinator's; intervals are aligned"
                + " on the coordinator's T0, but absolute timestamps of different shards differ by that much (sync the"
                + " clocks with NTP)\n", print(new StartGate.Started(new Shard(3, 4), s, 120_400_000L)));
    }

    @Test
    void everyShardedModesConsolePrintsTheStartInTheseBytes() {
        var st = new StartGate.Started(new Shard(1, 2), new CoordinatedStart.Start(T0, T0, 0.5, "http://c:1"), 0);
        String expected = "[shard] 1/2 starts at T0 2026-12-01T14:00:00Z (coordinator http://c:1, clock offset +0.5 ms)\n";
        java.util.List<java.util.function.Function<PrintStream, dev.goload.modes.run.RunListener<?>>> consoles =
                java.util.List.of(o -> new OpenLoopConsole(null, o), o -> new MaxConsole(null, o),
                        o -> new CloudConsole(o, 1), o -> new TenantsConsole(o), o -> new CmConsole(o));
        for (var console : consoles) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            dev.goload.modes.run.RunListener<?> c = console.apply(new PrintStream(b, true, StandardCharsets.UTF_8));
            c.onNote(st);
            assertEquals(expected, b.toString(StandardCharsets.UTF_8), c.getClass().getSimpleName());
        }
    }
}
