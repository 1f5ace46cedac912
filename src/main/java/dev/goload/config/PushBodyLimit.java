package dev.goload.config;

import java.util.Locale;

/**
 * The largest push request goload sends, checked on the payload flags before a run (exit 2): one request carries
 * {@code messages × (payload + ITEM_OVERHEAD_BYTES)} bytes at most, and that must not exceed
 * {@link #MAX_BODY_BYTES}.
 *
 * <p>Why a bound of goload's own: the Queen broker sets none. Its push route reads the body through
 * {@code read_json_body} (queen-mq/queen {@code server/src/routes/route_helpers.cpp:53}, {@code res->onData}: every
 * chunk is appended to one string, then parsed whole by nlohmann::json), and uWebSockets v20.76.0 (pinned in
 * {@code server/Makefile:91}) limits only the request head ({@code UWS_HTTP_MAX_HEADERS_SIZE}, 4 KiB by default), not
 * the body. A message's payload is stored as one {@code JSONB} value ({@code lib/schema/schema.sql:59}), which
 * PostgreSQL caps at 255 MiB. A body is held two or three times over on each side (the loader's encoded request,
 * the broker's string and its parsed tree), so goload stops at 64 MiB a request: a quarter of the JSONB cap, far
 * above any benchmark's message, and small enough that a mistyped {@code -payload 100000000} is refused instead of
 * growing the loader to gigabytes (it reached 3 GB RSS against the embedded broker). docs/reliability.md, "Request
 * size".
 */
public final class PushBodyLimit {
    /** The most bytes one push request may carry: 64 MiB. */
    public static final long MAX_BODY_BYTES = 64L << 20;

    /**
     * What one item adds to its payload in a push body, at most: the JSON keys, queue and partition names, the
     * transaction id and goload's stamps (a few hundred bytes at the longest names).
     */
    public static final int ITEM_OVERHEAD_BYTES = 512;

    private PushBodyLimit() {}

    /**
     * Refuses a payload whose push requests would exceed {@link #MAX_BODY_BYTES}.
     *
     * @param flags        the flags that set the size, as the message names them ({@code -payload},
     *                     {@code -payload-max with -push-batch 10})
     * @param payloadBytes the largest message payload
     * @param messages     messages per push request (its batch)
     * @throws IllegalArgumentException (exit 2) when a request would be too large
     */
    public static void check(String flags, long payloadBytes, long messages) {
        long body;
        try {
            body = Math.multiplyExact(Math.max(payloadBytes, 0) + ITEM_OVERHEAD_BYTES, Math.max(messages, 1));
        } catch (ArithmeticException e) {
            body = Long.MAX_VALUE;
        }
        if (body <= MAX_BODY_BYTES) return;
        throw new IllegalArgumentException(String.format(Locale.ROOT,
                "%s: a push request would carry about %,d bytes (%,d message%s of %,d bytes), over the %,d bytes"
                        + " (64 MiB) one request may carry; lower the payload%s (docs/reliability.md#request-size)",
                flags, body, Math.max(messages, 1), messages == 1 ? "" : "s", payloadBytes, MAX_BODY_BYTES,
                messages > 1 ? " or the batch" : ""));
    }
}
