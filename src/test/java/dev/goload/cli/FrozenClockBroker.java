package dev.goload.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerFaults;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The loss-attribution tests' broker, one per test ({@code @RegisterExtension}): the embedded broker with its clock
 * frozen, so its 5 s retention never removes a consumed (or skipped) message before the look-ups and leases never
 * expire (pop long-polls still run on the real clock).
 */
final class FrozenClockBroker implements BeforeEachCallback, AfterEachCallback {
    private EmbeddedBroker broker;

    static EmbeddedBroker start() {
        return EmbeddedBroker.start(BrokerOptions.defaults(), InstantSource.fixed(Instant.parse("2026-12-01T09:00:00Z")));
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        broker = start();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        broker.close();
    }

    String url() {
        return broker.url();
    }

    BrokerFaults faults() {
        return broker.testFaults();
    }

    /** The text of every element of a JSON array. */
    static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
