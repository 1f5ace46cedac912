package dev.goload.client;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * The bytes one {@link PushLoop} push sends, fresh ids included, encoded once: the request the push floor
 * ({@code dev.goload.bench.PushFloor}) replays. It lives in the client's package, in the bench's own source tree, for
 * the encoder's package-private parts ({@link PushBody}, {@link PushLoopRequests}, {@link Transport#headers}); the
 * shipped client has no such call.
 */
public final class LoopPushBytes {
    private LoopPushBytes() {}

    /** One push of {@code copies} copies of {@code payload} to {@code queue}/{@code partition} at {@code cfg}'s URL. */
    public static byte[] encode(ClientConfig cfg, String queue, String partition, byte[] payload, int copies)
            throws IOException {
        okhttp3.HttpUrl u = okhttp3.HttpUrl.parse(cfg.baseUrl());
        if (u == null) throw new IllegalArgumentException("not an http(s) URL: " + cfg.baseUrl());
        // as QueenClient does: a base of "http://h/prefix/" must not produce "//api"
        okhttp3.HttpUrl base = u.pathSegments().getLast().isEmpty() && u.pathSize() > 1
                ? u.newBuilder().removePathSegment(u.pathSize() - 1).build() : u;
        okhttp3.HttpUrl pushUrl = base.newBuilder().addPathSegments("api/v1/push").build();
        PushBody body = PushBody.uniformGenerated(queue, partition, payload, TransactionIds.generate(copies));
        ByteBuffer b = new PushLoopRequests(base, pushUrl, Transport.headers(cfg)).encode(body);
        byte[] out = new byte[b.remaining()];
        b.get(out);
        return out;
    }
}
