package dev.goload.cli;

import java.io.PrintStream;

/**
 * One {@code -mode}: its flag table and the code that runs it. {@link ModeRunner} parses and validates the
 * command line against {@link #flags()}, handles {@code -embedded}, then calls {@link #run}. Implementations
 * build their config record from the flags and call the engine; they never parse argv themselves.
 */
public interface ModeCommand {
    /** The mode name as given to {@code -mode}. */
    String name();

    /** One line for the top-level overview; by default the registry's line for {@link #name()}. */
    default String summary() {
        return ModeRegistry.summaryOf(name());
    }

    /** The mode's flag set (a fresh or immutable table; it is only read). */
    FlagTable flags();

    /**
     * The metric names this mode's {@code -threshold}s may use (static: checked before anything is sent); by default
     * the common ones. A mode with its own recorders or figures adds them ({@code withLatency}, {@code withModeFigure}).
     */
    default dev.goload.modes.run.thresholds.MetricCatalog thresholdMetrics() {
        return dev.goload.modes.run.thresholds.MetricCatalog.common();
    }

    /**
     * Runs the mode with already parsed and validated flags.
     *
     * @return the process exit code (spec §2.10)
     */
    int run(ParsedFlags f, PrintStream out, PrintStream err) throws Exception;

    /**
     * With {@code -embedded}, before the broker starts: the flags the embedded run goes on with (by default
     * unchanged). {@code cloud -target proxy} without a tenants file synthesizes its tenants here and points
     * {@code -tenants-file} at them, so {@link #embeddedProxy} and {@link #run} see the same tenants.
     *
     * @param out where a one-line note of what was prepared goes (never key material)
     */
    default ParsedFlags prepareEmbedded(ParsedFlags f, PrintStream out) throws Exception {
        return f;
    }

    /**
     * With {@code -embedded}: the proxy personality to put in front of the embedded broker, or null for a plain
     * broker (the default). {@code cloud -target proxy} answers the proxy built from its tenants file.
     *
     * @throws Exception when the flags ask for a proxy that cannot be built (e.g. an unreadable tenants file)
     */
    default dev.goload.broker.ProxyOptions embeddedProxy(ParsedFlags f) throws Exception {
        return null;
    }

    /**
     * The most sockets a run with {@code f} opens to its broker (0: few enough never to matter, the default).
     * With {@code -embedded} the broker holds the other end of each, so a run whose sockets would not fit the
     * file-descriptor limit twice gets its broker in a child JVM ({@link FdBudget}).
     */
    default long embeddedSockets(ParsedFlags f) {
        return 0;
    }
}
