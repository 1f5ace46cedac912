package dev.goload.shard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.function.LongSupplier;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;

/**
 * A shard's side of the start barrier ({@code -coordinator URL}): measures its clock offset to the coordinator
 * (NTP-style: of {@code samples} round trips, the one with the shortest round trip gives
 * {@code offset = server − (sent + received) / 2}), then registers as ready and waits for the run's T0, which it
 * returns on its OWN clock ({@code T0 − offset}), so that every shard starts at the same instant of the coordinator's
 * clock even when the machines' clocks differ.
 */
public final class CoordinatorClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final MediaType JSON_TYPE = MediaType.get("application/json");

    /** The measured offset: {@code coordinator clock − this clock}, and the round trip it was measured over. */
    public record Offset(long offsetNanos, long rttNanos) {
        public double offsetMillis() {
            return offsetNanos / 1e6;
        }
    }

    /**
     * The start a shard got.
     *
     * @param t0EpochMs      T0 on the coordinator's clock (what the record names, equal on every shard)
     * @param localT0EpochMs T0 on this machine's clock (when this shard's schedule starts)
     * @param offset         the clock offset it was converted with
     * @param shards         the number of shards that registered
     */
    public record Start(long t0EpochMs, long localT0EpochMs, Offset offset, int shards) {}

    private final URI base;
    private final OkHttpClient http;
    private final LongSupplier epochNanos;
    private volatile boolean cancelled;

    public CoordinatorClient(URI base, LongSupplier epochNanos) {
        this.base = base;
        this.epochNanos = epochNanos;
        this.http = new OkHttpClient.Builder().connectTimeout(Duration.ofSeconds(5))
                .readTimeout(Duration.ofMillis(CoordinatorServer.HOLD_MILLIS + 10_000)).build();
    }

    /** Cuts the calls in flight and ends {@link #join} with a {@link java.util.concurrent.CancellationException}. */
    public void cancel() {
        cancelled = true;
        http.dispatcher().cancelAll();
    }

    /** Measures the offset over {@code samples} round trips (≥ 1). */
    public Offset measureOffset(int samples) throws IOException {
        Offset best = null;
        Request req = new Request.Builder().url(base.resolve("/v1/time").toString()).get().build();
        for (int i = 0; i < Math.max(1, samples); i++) {
            long sent = epochNanos.getAsLong();
            long server;
            try (Response r = http.newCall(req).execute()) {
                if (r.code() != 200) throw new IOException("coordinator " + base + " answered " + r.code() + " to /v1/time");
                server = JSON.readTree(r.body().bytes()).path("epochNanos").asLong();
            }
            long received = epochNanos.getAsLong();
            long rtt = received - sent;
            Offset o = new Offset(server - (sent + (rtt / 2)), rtt);
            if (best == null || o.rttNanos() < best.rttNanos()) best = o;
        }
        return best;
    }

    /**
     * Registers {@code hello} and waits for the start, at most {@code waitMillis}.
     *
     * @throws IOException           the coordinator cannot be reached or answers something else than the protocol
     * @throws IllegalStateException the coordinator refused the run (its message names the problem)
     */
    public Start join(StartBarrier.Hello hello, Offset offset, long waitMillis) throws IOException,
            InterruptedException {
        byte[] body = JSON.writeValueAsBytes(hello);
        long until = System.nanoTime() + waitMillis * 1_000_000L;
        while (true) {
            if (cancelled) throw new java.util.concurrent.CancellationException("the run was stopped");
            Request req = new Request.Builder().url(base.resolve("/v1/ready").toString())
                    .post(RequestBody.create(body, JSON_TYPE)).build();
            try (Response r = http.newCall(req).execute()) {
                JsonNode j = JSON.readTree(r.body().bytes());
                switch (r.code()) {
                    case 200 -> {
                        long t0 = j.path("t0EpochMs").asLong();
                        long local = t0 - Math.round(offset.offsetNanos() / 1e6);
                        return new Start(t0, local, offset, j.path("shards").asInt());
                    }
                    case 409 -> throw new IllegalStateException(j.path("error").asText("refused"));
                    case 202 -> {
                        // held long enough without a decision: ask again
                    }
                    default -> throw new IOException("coordinator " + base + " answered " + r.code() + ": " + j);
                }
            } catch (IOException e) {
                // the held registration cut by cancel() fails as an IOException ("Canceled"): it is the stop's end
                if (cancelled) throw new java.util.concurrent.CancellationException("the run was stopped");
                throw e;
            }
            if (System.nanoTime() >= until) {
                throw new IllegalStateException("no start from the coordinator " + base + " within " + waitMillis
                        + " ms");
            }
            if (Thread.interrupted()) throw new InterruptedException();
        }
    }
}
