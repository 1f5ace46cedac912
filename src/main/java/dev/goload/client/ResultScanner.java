package dev.goload.client;

import static dev.goload.client.JsonBytes.BAIL;
import static dev.goload.client.JsonBytes.booleanValue;
import static dev.goload.client.JsonBytes.is;
import static dev.goload.client.JsonBytes.literal;
import static dev.goload.client.JsonBytes.plainString;
import static dev.goload.client.JsonBytes.skipScalar;
import static dev.goload.client.JsonBytes.ws;

/**
 * The fast path for the push and ack answers: a byte scanner for the common shape, an array of flat objects
 * whose values are scalars, reading only {@code status}, {@code error} and {@code success}. Jackson spends
 * about a microsecond per pushed message on the ~390-byte result items (field-name canonicalisation, one
 * token per value); this skims the bytes once.
 *
 * <p>It answers {@code null} whenever the input is anything else — a top-level object, an empty body, a
 * nested value, an escape in a field that matters, a malformed token — and the caller then runs the Jackson
 * decoder on the same bytes, so results and decode errors are exactly the streaming decoder's. Stateless.
 */
final class ResultScanner {

    private ResultScanner() {
    }

    /** Per-item statuses of a push answer, or null to fall back to the full decoder. */
    static PushResult push(int httpStatus, byte[] b, TransactionIds ids) {
        return push(httpStatus, b, b.length, ids);
    }

    /** As {@link #push(int, byte[], TransactionIds)} for the answer {@code b[0, n)} ({@link JsonBytes}). */
    static PushResult push(int httpStatus, byte[] b, int n, TransactionIds ids) {
        PushItems r = new PushItems(ids.size());
        int items = walk(b, n, r, new ItemRests(b, n, ids.size()));
        if (items != ids.size()) return null; // BAIL, or a count mismatch the full decoder words
        return PushResult.of(httpStatus, r.statuses, ids, r.firstError);
    }

    /** Per-item success of an ack/batch answer of {@code acks} items, or null to fall back to the full decoder. */
    static AckResult ack(int httpStatus, byte[] b, int acks) {
        return ack(httpStatus, b, b.length, acks);
    }

    /** As {@link #ack(int, byte[], int)} for the answer {@code b[0, n)} ({@link JsonBytes}). */
    static AckResult ack(int httpStatus, byte[] b, int n, int acks) {
        return ack(httpStatus, b, n, acks, new ItemRests(b, n, acks));
    }

    /** As {@link #ack(int, byte[], int, int)}, the items' rests remembered in {@code rests} (tests count its comparisons). */
    static AckResult ack(int httpStatus, byte[] b, int n, int acks, ItemRests rests) {
        AckItems r = new AckItems(acks);
        int items = walk(b, n, r, rests);
        if (items != acks) return null;
        return AckResult.of(httpStatus, r.ok, r.firstError, r.dlq);
    }

    /** What one answer shape reads from each item; {@link #walk} does the rest. Single use, not thread-safe. */
    private abstract static class Items {
        /** Starts item {@code i}. */
        abstract void begin();

        /** Reads the value at {@code p} of the field named {@code b[keyStart, keyEnd)}; its end, or BAIL. */
        abstract int field(byte[] b, int n, int keyStart, int keyEnd, int p);

        /** Ends item {@code i} (may be beyond the expected count: the caller then declines the answer). */
        abstract void end(int i);

        /** The current item's state besides {@link #err}, as one number ({@link ItemRests} compares and restores it). */
        abstract int code();

        abstract void code(int c);

        /** The current item's {@code error} text (null for absent, null, false or ""); reset by {@link #begin}. */
        String err;
        /** The answer's first error, as each shape words it in {@link #end}. */
        String firstError;

        /** Reads an {@code error} value into {@link #err}: a plain string, {@code null} or {@code false}; its end, or BAIL. */
        int errorValue(byte[] b, int n, int p) {
            if (b[p] == '"') {
                int end = plainString(b, n, p + 1);
                if (end == BAIL) return BAIL;
                err = end == p + 1 ? null : JsonBytes.utf8(b, p + 1, end);
                return end + 1;
            }
            if (literal(b, n, p, "null") || literal(b, n, p, "false")) {
                err = null;
                return p + (b[p] == 'n' ? 4 : 5);
            }
            return BAIL;
        }
    }

    /**
     * Walks a top-level array of flat objects whose values are scalars, the answer {@code b[0, n)}, handing every
     * field to {@code r}.
     * Returns the number of items, or BAIL for any other shape (the caller falls back to the full decoder);
     * {@code rests}: made for the answer and the number of items the caller needs (for one, none is remembered).
     *
     * <p>At each key, the rest of the item is first compared with the previous item's rest from the same field
     * ({@link ItemRests}): a repeat ends the item in the state the previous one ended in, without reading its fields
     * again. Anything else is read field by field as before.
     */
    private static int walk(byte[] b, int n, Items r, ItemRests rests) {
        int i = 0;
        int p = ws(b, n, 0);
        if (p >= n || b[p] != '[') return BAIL;
        p = ws(b, n, p + 1);
        if (p < n && b[p] == ']') return 0;
        while (true) {
            if (p >= n || b[p] != '{') return BAIL;
            r.begin();
            p = ws(b, n, p + 1);
            if (p < n && b[p] == '}') {
                p++;
                rests.item(0, false, p, r.code(), r.err);
            } else {
                for (int k = 0; ; k++) {
                    if (p >= n || b[p] != '"') return BAIL;
                    int rest = rests.same(k, p, r.code(), r.err);
                    if (rest >= 0) {
                        r.code(rests.endCode());
                        r.err = rests.endErr();
                        p = rest;
                        rests.item(k, true, p, r.code(), r.err);
                        break;
                    }
                    rests.field(k, p, r.code(), r.err);
                    int keyStart = p + 1;
                    int keyEnd = plainString(b, n, keyStart);
                    if (keyEnd == BAIL) return BAIL;
                    p = ws(b, n, keyEnd + 1);
                    if (p >= n || b[p] != ':') return BAIL;
                    p = ws(b, n, p + 1);
                    if (p >= n) return BAIL;
                    int valueEnd = r.field(b, n, keyStart, keyEnd, p);
                    if (valueEnd == BAIL) return BAIL;
                    p = ws(b, n, valueEnd);
                    if (p >= n) return BAIL;
                    if (b[p] == ',') {
                        p = ws(b, n, p + 1);
                    } else if (b[p] == '}') {
                        p++;
                        rests.item(k + 1, false, p, r.code(), r.err);
                        break;
                    } else {
                        return BAIL;
                    }
                }
            }
            r.end(i++);
            p = ws(b, n, p);
            if (p >= n) return BAIL;
            if (b[p] == ']') return i;
            if (b[p] != ',') return BAIL;
            p = ws(b, n, p + 1);
        }
    }

    /** Push result items: {@code status} (string or null) and {@code error} (string, null or false). */
    private static final class PushItems extends Items {
        private static final ItemStatus[] STATUSES = ItemStatus.values();
        final ItemStatus[] statuses;
        private ItemStatus status;
        private boolean hasStatus;

        PushItems(int n) {
            statuses = new ItemStatus[n];
        }

        @Override
        void begin() {
            status = null;
            hasStatus = false;
            err = null;
        }

        @Override
        int field(byte[] b, int n, int keyStart, int keyEnd, int p) {
            if (is(b, keyStart, keyEnd, "status")) {
                if (b[p] == '"') {
                    int end = plainString(b, n, p + 1);
                    if (end == BAIL) return BAIL;
                    status = statusOf(b, p + 1, end);
                    hasStatus = true;
                    return end + 1;
                }
                if (literal(b, n, p, "null")) {
                    status = null;
                    hasStatus = false;
                    return p + 4;
                }
                return BAIL;
            }
            if (is(b, keyStart, keyEnd, "error")) return errorValue(b, n, p);
            return skipScalar(b, n, p);
        }

        @Override
        int code() {
            return (status == null ? 0 : status.ordinal() + 1) << 1 | (hasStatus ? 1 : 0);
        }

        @Override
        void code(int c) {
            status = c >> 1 == 0 ? null : STATUSES[(c >> 1) - 1];
            hasStatus = (c & 1) != 0;
        }

        @Override
        void end(int i) {
            ItemStatus is = hasStatus ? status : (err != null ? ItemStatus.FAILED : ItemStatus.UNKNOWN);
            if (i < statuses.length) statuses[i] = is;
            if (firstError == null && err != null) firstError = err;
        }
    }

    /** Ack result items: {@code success} and {@code dlq} (true, false or null) and {@code error}. */
    private static final class AckItems extends Items {
        final boolean[] ok;
        final boolean[] dlq;
        private boolean success;
        private boolean dead;

        AckItems(int n) {
            ok = new boolean[n];
            dlq = new boolean[n];
        }

        @Override
        void begin() {
            success = false;
            dead = false;
            err = null;
        }

        @Override
        int field(byte[] b, int n, int keyStart, int keyEnd, int p) {
            if (is(b, keyStart, keyEnd, "success")) {
                int end = booleanValue(b, n, p);
                if (end != BAIL) success = b[p] == 't';
                return end;
            }
            if (is(b, keyStart, keyEnd, "dlq")) {
                // a failed ack past the retry limit: the message was dead-lettered (generation A)
                int end = booleanValue(b, n, p);
                if (end != BAIL) dead = b[p] == 't';
                return end;
            }
            if (is(b, keyStart, keyEnd, "error")) return errorValue(b, n, p);
            return skipScalar(b, n, p);
        }

        @Override
        int code() {
            return (success ? 1 : 0) | (dead ? 2 : 0);
        }

        @Override
        void code(int c) {
            success = (c & 1) != 0;
            dead = (c & 2) != 0;
        }

        @Override
        void end(int i) {
            boolean itemOk = success && err == null;
            if (i < ok.length) {
                ok[i] = itemOk;
                dlq[i] = dead;
            }
            if (firstError == null && !itemOk) firstError = err != null ? err : "success=false";
        }
    }

    private static ItemStatus statusOf(byte[] b, int from, int to) {
        if (is(b, from, to, "queued")) return ItemStatus.QUEUED;
        return ItemStatus.parse(JsonBytes.utf8(b, from, to));
    }
}
