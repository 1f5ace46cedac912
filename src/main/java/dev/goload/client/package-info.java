/**
 * The one Queen HTTP client of goload: HTTP/1.1 keep-alive pools (goload's own {@code Http1Engine} for plain
 * http, OkHttp for HTTPS and proxies, see {@link dev.goload.client.HttpEngine}) plus streaming decoders, speaking
 * both broker generations (A: the C++ broker 1.0.0; B: the campaign-era broker and its multi-tenant proxy), see
 * {@code queen-wire.md}.
 *
 * <h2>Threading</h2>
 * {@link dev.goload.client.QueenClient} is thread-safe and meant to be shared; every call blocks its thread, so
 * callers run on virtual threads. There is no client-side cap on concurrent requests. All value types (configs,
 * requests, results) are immutable records; arrays inside results are owned by the caller once returned.
 *
 * <h2>What counts as success</h2>
 * Any 2xx is a transport success; the body then decides. Push items are matched by position and carry
 * {@code queued | duplicate | failed | buffered} ({@link dev.goload.client.PushResult#accepted()} = queued +
 * duplicate + buffered, {@code durable()} excludes buffered). An ack item succeeds when {@code success} is true
 * and {@code error} is empty; a body-level {@code {"error":…}} or a result array of the wrong length fails every
 * item. A pop is empty on 204 or when {@code messages} is empty or absent, whatever {@code success} says.
 * Non-2xx answers, transport failures and undecodable 2xx bodies are a
 * {@link dev.goload.client.QueenException} with an {@link dev.goload.client.ErrorKind}.
 *
 * <h2>Retries</h2>
 * None by default: with {@link dev.goload.client.RetryPolicy#NONE} and
 * {@link dev.goload.client.Retry429Policy#NONE} every call makes exactly one HTTP request (OkHttp's own silent
 * retries and redirects are disabled). Opt-in policies reproduce the reference SDK: an outer loop for 5xx and
 * network errors (never 4xx, never a pop timeout, never a cancellation or decode error) and an inner 429 loop
 * honouring {@code Retry-After}; every attempt re-sends the same body bytes, hence the same transaction ids.
 * Retry delays are interruptible and end at {@link dev.goload.client.QueenClient#cancelAll()}.
 *
 * <h2>Deviation from the reference</h2>
 * A long-poll pop's deadline is its {@code timeout} + 5 s even when that exceeds the client timeout (the
 * reference takes the minimum and so cuts long-polls before the broker answers).
 */
package dev.goload.client;
