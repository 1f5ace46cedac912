package dev.goload.client;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.EOFException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.TimeoutException;

/**
 * Every failure of a {@link QueenClient} call. Unchecked, and without a captured stack trace: at high error rates
 * a load generator throws thousands per second and only the kind, status and message are ever read.
 *
 * <p>Messages follow the reference SDK: {@code HTTP %d [%s]: %s} (with a proxy {@code code}) or {@code HTTP %d: %s},
 * wrapped per operation ({@code push request failed: …}) and, after exhausted retries,
 * {@code request failed after %d attempts: …}. The bearer token never appears in a message.
 */
public final class QueenException extends RuntimeException {
    static final int MAX_BODY_CHARS = 2048;

    private final ErrorKind kind;
    private final int status;
    private final String code;
    private final double retryAfterSeconds;
    private final String body;
    private final int attempts;

    QueenException(ErrorKind kind, int status, String code, double retryAfterSeconds, String body, int attempts,
                   String message, Throwable cause) {
        super(message, cause, false, false);
        this.kind = kind;
        this.status = status;
        this.code = code == null ? "" : code;
        this.retryAfterSeconds = retryAfterSeconds;
        this.body = body == null ? "" : truncate(body);
        this.attempts = attempts;
    }

    /** A non-2xx answer. */
    static QueenException http(int status, String code, double retryAfterSeconds, String body) {
        String b = body == null ? "" : truncate(body);
        String text = b.strip();
        String msg = code == null || code.isEmpty()
                ? "HTTP " + status + ": " + text
                : "HTTP " + status + " [" + code + "]: " + text;
        return new QueenException(ErrorKind.ofStatus(status), status, code, retryAfterSeconds, b, 1, msg, null);
    }

    /** A failure without an HTTP error status (transport, decode, body-level error on a 2xx). */
    static QueenException of(ErrorKind kind, int status, String message, Throwable cause) {
        return new QueenException(kind, status, "", Double.NaN, "", 1, message, cause);
    }

    /** The same failure with an operation prefix ({@code "push request failed: "}). */
    QueenException wrap(String prefix) {
        return new QueenException(kind, status, code, retryAfterSeconds, body, attempts, prefix + getMessage(), getCause());
    }

    /** The same failure after {@code n} attempts; the text changes only when retries were exhausted. */
    QueenException afterAttempts(int n, boolean exhausted) {
        String msg = exhausted ? "request failed after " + n + " attempts: " + getMessage() : getMessage();
        return new QueenException(kind, status, code, retryAfterSeconds, body, n, msg, getCause());
    }

    public ErrorKind kind() {
        return kind;
    }

    /** HTTP status, 0 when the failure had none (transport errors). */
    public int status() {
        return status;
    }

    /** The proxy's JSON {@code code} field ({@code rate_limited}, {@code cluster_suspended}, …), "" if none. */
    public String code() {
        return code;
    }

    /** {@code Retry-After} in seconds, NaN when absent or not numeric. */
    public double retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** Response body text, at most 2 KiB, "" if none. */
    public String body() {
        return body;
    }

    /** HTTP requests made for the call, including 429 and 5xx retries. */
    public int attempts() {
        return attempts;
    }

    /** The {@code "<status>/<code>"} (or {@code "<status>"}) key goload cloud records errors under. */
    public String codeKey() {
        if (status == 0) return kind.label();
        return code.isEmpty() ? Integer.toString(status) : status + "/" + code;
    }

    /**
     * The reference's {@code errkinds.go} rules, first match wins: cancellation anywhere in the cause chain;
     * an HTTP status; a timeout type; a message containing "timeout"/"deadline exceeded"; a connection-level
     * type or message; a decode error; else {@link ErrorKind#OTHER}. A {@link QueenException} keeps its kind.
     */
    public static ErrorKind classify(Throwable t) {
        if (t == null) return ErrorKind.OTHER;
        for (Throwable c = t; c != null; c = c.getCause()) {
            // OkHttp's call timeout cancels the call and wraps the resulting "Canceled" in "timeout": not a cancel.
            if (isTimeoutType(c)) break;
            if (c instanceof QueenException q && q.kind == ErrorKind.CANCELED) return ErrorKind.CANCELED;
            if (c instanceof InterruptedException || c instanceof CancellationException) return ErrorKind.CANCELED;
            String m = lower(c);
            if (m.contains("context canceled") || m.equals("canceled") || m.equals("interrupted")) {
                return ErrorKind.CANCELED;
            }
        }
        if (t instanceof QueenException q) return q.kind;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (isTimeoutType(c)) return ErrorKind.TIMEOUT;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = lower(c);
            if (m.contains("timeout") || m.contains("timed out") || m.contains("deadline exceeded")) {
                return ErrorKind.TIMEOUT;
            }
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ConnectException || c instanceof NoRouteToHostException
                    || c instanceof UnknownHostException || c instanceof EOFException) {
                return ErrorKind.CONN;
            }
            String m = lower(c);
            for (String needle : CONN_NEEDLES) {
                if (m.contains(needle)) return ErrorKind.CONN;
            }
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof JsonProcessingException) return ErrorKind.DECODE;
        }
        return ErrorKind.OTHER;
    }

    // The Go list, plus the JDK/OkHttp spellings of the same conditions ("unexpected end of stream", "socket closed").
    private static final String[] CONN_NEEDLES = {
        "connection refused", "connection reset", "broken pipe", "eof", "no such host", "network is unreachable",
        "cannot assign requested address", "too many open files", "end of stream", "socket closed",
        "connection closed", "unexpected end"
    };

    private static boolean isTimeoutType(Throwable c) {
        return c instanceof SocketTimeoutException || c instanceof TimeoutException
                || (c instanceof InterruptedIOException && "timeout".equals(c.getMessage()));
    }

    private static String lower(Throwable c) {
        String m = c.getMessage();
        return m == null ? "" : m.toLowerCase(Locale.ROOT);
    }

    private static String truncate(String s) {
        if (s.length() <= MAX_BODY_CHARS) return s;
        int end = MAX_BODY_CHARS;
        if (Character.isHighSurrogate(s.charAt(end - 1))) end--;
        return s.substring(0, end);
    }
}
