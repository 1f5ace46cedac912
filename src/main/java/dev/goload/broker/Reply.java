package dev.goload.broker;

import java.nio.charset.StandardCharsets;

/**
 * An HTTP answer: status and the body {@code body[0, length)} ({@code body == null} = no body, as for 204). The
 * array may be longer than the body: a JSON reply is the writer's buffer itself, sent without a copy.
 */
record Reply(int status, byte[] body, int length) {
    static final Reply NO_CONTENT = new Reply(204, null);

    Reply(int status, byte[] body) {
        this(status, body, body == null ? 0 : body.length);
    }

    /** Takes over {@code out}'s buffer; nothing may be written to {@code out} afterwards. */
    static Reply json(int status, JsonOut out) {
        return new Reply(status, out.buffer(), out.length());
    }

    static Reply error(int status, String message) {
        return json(status, new JsonOut(64 + message.length()).beginObject().field("error", message).endObject());
    }

    static Reply text(int status, String s) {
        return new Reply(status, s.getBytes(StandardCharsets.UTF_8));
    }
}
