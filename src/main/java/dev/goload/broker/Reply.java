package dev.goload.broker;

import java.nio.charset.StandardCharsets;

/** An HTTP answer: status and JSON body ({@code null} = no body, as for 204). */
record Reply(int status, byte[] body) {
    static final Reply NO_CONTENT = new Reply(204, null);

    static Reply json(int status, JsonOut out) {
        return new Reply(status, out.toBytes());
    }

    static Reply error(int status, String message) {
        return new Reply(status, new JsonOut(64 + message.length()).beginObject().field("error", message)
                .endObject().toBytes());
    }

    static Reply text(int status, String s) {
        return new Reply(status, s.getBytes(StandardCharsets.UTF_8));
    }
}
