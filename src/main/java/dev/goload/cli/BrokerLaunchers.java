package dev.goload.cli;

/** The production {@link BrokerLauncher}: the in-process broker of {@code dev.goload.broker}. */
final class BrokerLaunchers {
    private BrokerLaunchers() {}

    static BrokerLauncher embedded() {
        return settings -> {
            throw new IllegalStateException("the embedded broker is not part of this build yet");
        };
    }
}
