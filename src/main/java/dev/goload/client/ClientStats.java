package dev.goload.client;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Cumulative counters of one {@link QueenClient}, cheap enough for every call (striped {@link LongAdder}s).
 * Thread-safe; reads are not atomic across counters (each is exact, a set of them is a near-instant snapshot).
 */
public final class ClientStats {
    private final LongAdder requests = new LongAdder();
    private final LongAdder retries = new LongAdder();
    private final LongAdder retries429 = new LongAdder();
    private final LongAdder reconnects = new LongAdder();
    private final LongAdder[] errors = new LongAdder[ErrorKind.values().length];
    private final ConnectionTally connections;

    ClientStats() {
        this(new ConnectionTally());
    }

    /** {@code connections}: this client's own tally, or one shared by the clients of a run. */
    ClientStats(ConnectionTally connections) {
        this.connections = connections;
        for (int i = 0; i < errors.length; i++) errors[i] = new LongAdder();
    }

    /**
     * The sockets this client's engines opened and closed; shared with the other clients of a run when the client
     * was built with a shared tally ({@link QueenClient#QueenClient(ClientConfig, ConnectionTally)}).
     */
    public ConnectionTally connections() {
        return connections;
    }

    /** HTTP requests sent (every attempt, including 429 and 5xx/network retries). */
    public long requests() {
        return requests.sum();
    }

    /** Outer-loop retries (5xx / network). */
    public long retries() {
        return retries.sum();
    }

    /** Inner-loop 429 retries. */
    public long retries429() {
        return retries429.sum();
    }

    /**
     * Requests sent once more on a fresh socket because the reused keep-alive socket they were first sent on had
     * been closed by the peer before answering (failed write, or EOF / reset before the first answer byte). Not
     * errors, not retries, and not in {@link #requests()}: the broker never saw the first send.
     */
    public long reconnects() {
        return reconnects.sum();
    }

    /** Calls that ended with a {@link QueenException} of this kind. */
    public long errors(ErrorKind kind) {
        return errors[kind.ordinal()].sum();
    }

    public Map<ErrorKind, Long> errorsByKind() {
        Map<ErrorKind, Long> m = new EnumMap<>(ErrorKind.class);
        for (ErrorKind k : ErrorKind.values()) m.put(k, errors[k.ordinal()].sum());
        return m;
    }

    void request() {
        requests.increment();
        connections.onRequest();
    }

    /** A status line came back for a request, whatever its status (counted in the tally only: no reader per client). */
    void answer() {
        connections.onAnswer();
    }

    /**
     * A call ended with {@code e}: counted by kind, and when no status line came back for it (a transport failure,
     * not the run's cancel) its cause is the tally's {@link ConnectionTally#noAnswerCause()} if it is the first.
     */
    void failed(QueenException e) {
        error(e.kind());
        if (e.status() == 0 && (e.kind() == ErrorKind.CONN || e.kind() == ErrorKind.TIMEOUT)) {
            connections.onNoAnswer(cause(e.getMessage()));
        }
    }

    /** The transport's own words at the end of a wrapped message ({@code push request failed: POST …: Connection refused}). */
    static String cause(String message) {
        if (message == null || message.isBlank()) return "no answer";
        int i = message.lastIndexOf(": ");
        String tail = (i < 0 ? message : message.substring(i + 2)).strip();
        return tail.isEmpty() ? "no answer" : tail;
    }

    void retry() {
        retries.increment();
    }

    void retry429() {
        retries429.increment();
    }

    void reconnect() {
        reconnects.increment();
    }

    void error(ErrorKind kind) {
        errors[kind.ordinal()].increment();
    }
}
