package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.metrics.ConnectionFigures;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The interval CSV's socket columns: appended after {@code last}, from the interval's connection figures. */
class IntervalCsvTest {

    private static IntervalSnapshot<Void> withConnections(ConnectionFigures k) {
        return new IntervalSnapshot<>("openloop", 3, "load", false, 1_000, 2_000, 1.0, 4.0, RunCounters.Snapshot.ZERO,
                RunCounters.Snapshot.ZERO, Map.of(), 0, 0, Synthetic.LOADER, List.of(), null, k);
    }

    @Test
    void socketColumnsComeLastAndCarryTheRunsTotalsSoFar() {
        List<String> header = Arrays.asList(IntervalCsv.HEADER.split(","));
        assertEquals(List.of("phase", "last", "conns_opened_total", "conns_closed_total", "conns_closed_by_peer_total",
                "conns_open"), header.subList(header.size() - 6, header.size()));
        String[] row = IntervalCsv.row(withConnections(new ConnectionFigures(40, 12, 5, 33, 28, null))).split(",", -1);
        assertEquals(header.size(), row.length);
        assertEquals(List.of("load", "false", "40", "12", "5", "28"),
                Arrays.asList(row).subList(row.length - 6, row.length));
    }

    @Test
    void aRunWithoutABrokerClientWritesZeros() {
        String[] row = IntervalCsv.row(withConnections(null)).split(",", -1);
        assertEquals(List.of("0", "0", "0", "0"), Arrays.asList(row).subList(row.length - 4, row.length));
    }
}
