package dev.goload.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Records starts and closes; {@code awaitClosed} returns immediately (a broker "closed" by a signal). */
final class FakeBrokerLauncher implements BrokerLauncher {
    final List<Settings> started = new ArrayList<>();
    final AtomicInteger closes = new AtomicInteger();
    boolean fail;

    @Override
    public Running start(Settings settings) {
        if (fail) throw new IllegalStateException("port in use");
        started.add(settings);
        int port = settings.port() == 0 ? 45678 : settings.port();
        return new Running() {
            @Override public String url() { return "http://" + settings.host() + ":" + port; }
            @Override public int port() { return port; }
            @Override public void awaitClosed() { }
            @Override public void close() { closes.incrementAndGet(); }
        };
    }
}
