package dev.goload.cli;

import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.broker.ProxyOptions;

/** The production {@link BrokerLauncher}: the in-process broker of {@code dev.goload.broker}. */
final class BrokerLaunchers {
    private BrokerLaunchers() {}

    static BrokerLauncher embedded() {
        return new BrokerLauncher() {
            @Override
            public Running start(Settings settings) {
                return start(settings, null);
            }

            @Override
            public Running start(Settings settings, ProxyOptions proxy) {
                EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults()
                        .withHost(settings.host())
                        .withPort(settings.port())
                        .withTenancyHeader(settings.tenancyHeader())
                        .withResponseDelayMillis(settings.responseDelayMs())
                        .withIdleTimeoutMillis(settings.idleTimeoutMs()), proxy);
                return new Running() {
                    @Override public String url() { return broker.url(); }
                    @Override public int port() { return broker.port(); }
                    @Override public void awaitClosed() throws InterruptedException { broker.awaitClose(); }
                    @Override public void close() { broker.close(); }
                };
            }
        };
    }
}
