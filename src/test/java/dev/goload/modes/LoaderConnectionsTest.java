package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.*;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.ConnectionTally;
import dev.goload.client.QueenClient;
import dev.goload.client.TallyEvents;
import dev.goload.metrics.TimeWaitSampler;
import dev.goload.metrics.ConnectionFigures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's connection figures: each tally counted once however many clients share it, separate tallies summed,
 * the monitor's summary carrying them, and TIME_WAIT sampled for the broker's port, from the kernel's tables read
 * only while a close of the loader's can still leave a TIME_WAIT socket.
 */
class LoaderConnectionsTest {
    private static final long SECOND = 1_000_000_000L;

    @Test
    void theTablesAreReadOnceWhenNoSocketEverCloses(@TempDir Path dir) throws Exception {
        ConnectionTally tally = new ConnectionTally();
        long[] now = {0};
        LoaderConnections c = oneSocket(tally, sampler(dir, 1), now, 60);
        for (int s = 0; s < 100; s++) {
            c.sample();
            now[0] += SECOND;
        }
        assertEquals(1, c.tableReads(), "keep-alive sockets that never close leave no TIME_WAIT to look for");
        assertEquals(1, c.figures().timeWaitPeak(), "the first read's count stands as the peak");
    }

    @Test
    void aCloseReopensTheTablesForTheFinTimeoutAndTwoSeconds(@TempDir Path dir) throws Exception {
        ConnectionTally tally = new ConnectionTally();
        long[] now = {0};
        LoaderConnections c = oneSocket(tally, sampler(dir, 0), now, 10);
        c.sample(); // read 1: the start
        now[0] += SECOND;
        c.sample();
        assertEquals(1, c.tableReads());
        TallyEvents.closed(tally);
        for (int s = 0; s <= 12; s++) { // the close seen at once, then 12 s of a 10 s fin timeout + 2 s: 13 reads
            now[0] += SECOND;
            c.sample();
        }
        assertEquals(14, c.tableReads(), "read while the closed socket may still enter TIME_WAIT");
        now[0] += SECOND;
        c.sample();
        assertEquals(14, c.tableReads(), "past the window nothing new can appear");
        TallyEvents.closed(tally);
        now[0] += SECOND;
        c.sample();
        assertEquals(15, c.tableReads(), "a later close opens the window again");
    }

    @Test
    void withinTheWindowTheTablesAreSkippedWhileTheMachinesTimeWaitCountIsNotAboveThePeak(@TempDir Path dir)
            throws Exception {
        ConnectionTally tally = new ConnectionTally();
        long[] now = {0};
        long[] machine = {3};
        TallyEvents.opened(tally);
        LoaderConnections c = new LoaderConnections(List.of(tally), sampler(dir, 3), () -> now[0], 60,
                () -> machine[0]);
        c.sample(); // the start: always read (peak 3)
        TallyEvents.closed(tally);
        for (int s = 0; s < 5; s++) {
            now[0] += SECOND;
            c.sample();
        }
        assertEquals(1, c.tableReads(), "3 TIME_WAIT on the machine, 3 already seen on the port: nothing to read");
        assertEquals(5, c.tableSkips());
        machine[0] = 4; // one more somewhere on the machine: it may be the port's
        now[0] += SECOND;
        c.sample();
        assertEquals(2, c.tableReads());
        machine[0] = -1; // sockstat unreadable: the window alone decides, as before
        now[0] += SECOND;
        c.sample();
        assertEquals(3, c.tableReads());
        assertEquals(3, c.figures().timeWaitPeak());
    }

    @Test
    void theMachinesTimeWaitCountIsSockstatsTwFigure(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("sockstat"), "sockets: used 19\nTCP: inuse 1 orphan 0 tw 2878 alloc 6 mem"
                + " 236\nUDP: inuse 0 mem 0\n");
        assertEquals(2878, LoaderConnections.machineTimeWait(f));
        assertEquals(-1, LoaderConnections.machineTimeWait(Files.writeString(dir.resolve("b"), "TCP: inuse 1\n")));
        assertEquals(-1, LoaderConnections.machineTimeWait(dir.resolve("absent")));
    }

    @Test
    void theFinTimeoutComesFromTheKernelOrDefaultsTo60(@TempDir Path dir) throws Exception {
        assertEquals(7, LoaderConnections.finTimeoutSeconds(Files.writeString(dir.resolve("f"), "7\n")));
        assertEquals(60, LoaderConnections.finTimeoutSeconds(dir.resolve("absent")));
    }

    /** Connections of {@code tally} with one socket opened, sampled at {@code now[0]}. */
    private static LoaderConnections oneSocket(ConnectionTally tally, TimeWaitSampler s, long[] now, long finTimeoutSec) {
        TallyEvents.opened(tally);
        return new LoaderConnections(List.of(tally), s, () -> now[0], finTimeoutSec);
    }

    /** A sampler of one table file holding {@code timeWait} TIME_WAIT rows to port 6632. */
    private static TimeWaitSampler sampler(Path dir, int timeWait) throws Exception {
        StringBuilder t = new StringBuilder("  sl  local_address rem_address   st\n");
        for (int i = 0; i < timeWait; i++) t.append("   ").append(i).append(": 0100007F:C350 0100007F:19E8 06 x\n");
        return new TimeWaitSampler(6632, List.of(Files.writeString(dir.resolve("tcp"), t)));
    }
    @Test
    void aTallySharedByClientsIsCountedOnceAndSeparateTalliesAreSummed() {
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults())) {
            ConnectionTally shared = new ConnectionTally();
            ClientConfig cfg = ClientConfig.of(b.url());
            try (QueenClient a = new QueenClient(cfg, shared); QueenClient a2 = new QueenClient(cfg, shared);
                 QueenClient own = new QueenClient(cfg)) {
                a.health();
                a2.health();
                own.health();
                try (LoaderConnections c = LoaderConnections.of(List.of(a, a2, own, a))) {
                    ConnectionFigures f = c.finalFigures();
                    assertEquals(3, f.opened(), "one socket per client, the shared tally counted once");
                    assertEquals(0, f.closed());
                    assertEquals(3, f.openAtEnd());
                    assertEquals(3, f.peakOpen(), "the sampled sum backs the tallies' own peaks (2 and 1)");
                    assertEquals(Files.isReadable(Path.of("/proc/net/tcp")), f.timeWaitPeak() != null);
                }
            }
        }
    }

    @Test
    void theMonitorsSummaryCarriesTheFiguresAndNoneWithoutClients() {
        try (EmbeddedBroker b = EmbeddedBroker.start(BrokerOptions.defaults());
             QueenClient c = new QueenClient(ClientConfig.of(b.url()))) {
            c.health();
            try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS).connections(LoaderConnections.of(c))) {
                assertEquals(1, m.summary().connections().opened());
            }
        }
        try (LoaderMonitor m = new LoaderMonitor(LoaderBoundRules.DEFAULTS)) {
            assertEquals(ConnectionFigures.NONE, m.summary().connections());
        }
    }
}
