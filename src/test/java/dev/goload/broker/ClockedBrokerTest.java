package dev.goload.broker;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The fixture of the broker tests that move time by hand: a fresh embedded broker per test on a {@link TestClock}
 * (leases, retention and idle expiry advance only when the test says so) and a client for it, closed after the test.
 */
abstract class ClockedBrokerTest {
    protected final TestClock clock = new TestClock();
    protected EmbeddedBroker broker;
    protected TestClient c;

    @BeforeEach
    void startBroker() {
        broker = EmbeddedBroker.start(BrokerOptions.defaults(), clock);
        c = new TestClient(broker.url());
    }

    @AfterEach
    void stopBroker() {
        broker.close();
    }
}
