package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.*;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.client.ClientConfig;
import dev.goload.client.ConnectionTally;
import dev.goload.client.QueenClient;
import dev.goload.metrics.ConnectionFigures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A run's connection figures: each tally counted once however many clients share it, separate tallies summed,
 * the monitor's summary carrying them, and TIME_WAIT sampled for the broker's port.
 */
class LoaderConnectionsTest {
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
