package dev.goload.modes.ladder;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CellSeriesTest {
    @TempDir
    Path dir;

    @Test
    void cellCoresThrottleAndCommitsComeFromTheWindowOnly() throws Exception {
        StringBuilder cpu = new StringBuilder("t_unix,comp,usage_usec\n");
        StringBuilder pg = new StringBuilder("t_unix,kind,a,b,c,d\n");
        for (int t = 0; t <= 20; t++) {
            double ts = 1000 + t + 0.004;
            // pg burns 1.5 cores, broker 0.5 inside [5, 15]; loader rows must not count as cell CPU
            cpu.append(ts).append(",pg,").append(t * 1_500_000L).append('\n');
            cpu.append(ts).append(",broker,").append(t * 500_000L).append('\n');
            cpu.append(ts).append(",proxy,\n");
            cpu.append(ts).append(",loader,").append(t * 9_000_000L).append('\n');
            cpu.append(ts).append(",slice_thr,").append(t * 250_000L).append('\n');
            pg.append(ts).append(",w,active,CPU,CPU,3\n");
            pg.append(ts).append(",d,").append(t * 700).append(",0,5,5\n");
        }
        Files.writeString(dir.resolve("a.cpu.csv"), cpu);
        Files.writeString(dir.resolve("a.pg.csv"), pg);
        CellMetrics m = CellSeries.read(dir.resolve("a.cpu.csv"), dir.resolve("a.pg.csv"), 1005, 1015);
        assertEquals(2.0, m.cellCores(), 1e-9);
        assertEquals(0.25, m.throttledFrac(), 1e-9);
        assertEquals(700, m.commitsPerSec(), 1e-9);
    }

    @Test
    void missingSeriesAreUnknownNotZero() throws Exception {
        CellMetrics m = CellSeries.read(dir.resolve("none.cpu.csv"), dir.resolve("none.pg.csv"), 0, 10);
        assertTrue(Double.isNaN(m.cellCores()));
        assertTrue(Double.isNaN(m.commitsPerSec()));
    }
}
