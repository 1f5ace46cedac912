package dev.goload.broker;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.time.Instant;

/**
 * {@code POST /api/v1/lease/{leaseId}/extend}: new expiry = max(current, now + seconds), default 60 s, so an extend
 * never shortens a lease. Answers generation A's array shape plus {@code newExpiresAt} for generation B readers.
 * Thread-safe.
 */
final class LeaseRoute {
    private static final int DEFAULT_SECONDS = 60;
    private final Registry registry;

    LeaseRoute(Registry registry) {
        this.registry = registry;
    }

    Reply extend(Request r, String leaseId) throws IOException {
        long seconds = DEFAULT_SECONDS;
        if (r.body().length > 0) {
            try (JsonParser p = JsonIn.openObject(r.body())) {
                while (JsonIn.next(p) == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken t = JsonIn.next(p);
                    if (field.equals("seconds") && t.isNumeric()) {
                        seconds = Math.max(0, p.getLongValue());
                    } else {
                        JsonIn.skip(p);
                    }
                }
            }
        }
        long now = registry.nowMillis();
        Lease l = registry.leases.get(leaseId);
        JsonOut out = new JsonOut(256).beginArray().beginObject().field("index", 0).field("leaseId", leaseId);
        if (l == null || !l.tenant.equals(r.tenant()) || !l.isLive(now)) {
            out.field("success", false).field("expiresAt", null).field("newExpiresAt", null)
                    .field("error", "Lease not found");
        } else {
            String at = Instant.ofEpochMilli(l.extend(now, seconds)).toString();
            out.field("success", true).field("expiresAt", at).field("newExpiresAt", at).name("error").nullValue();
        }
        return Reply.json(200, out.endObject().endArray());
    }
}
