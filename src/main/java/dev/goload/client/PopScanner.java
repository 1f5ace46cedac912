package dev.goload.client;

import static dev.goload.client.JsonBytes.BAIL;
import static dev.goload.client.JsonBytes.asciiString;
import static dev.goload.client.JsonBytes.is;
import static dev.goload.client.JsonBytes.literal;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast path for pop answers: a byte scanner for the common shape, as {@link ResultScanner} is for push and ack
 * answers. Jackson spent about half a consumer's CPU on a 500-message pop (field-name canonicalisation, a token per
 * value, a String per repeated lease, partition and queue); this skims the bytes once, and the values a batch
 * repeats ({@code leaseId}, {@code partitionId}, {@code queue}, {@code partition}, {@code createdAt}) are one String
 * each while they repeat.
 *
 * <p>It answers {@code null} whenever it cannot be sure to read exactly what {@link PopDecoder}'s Jackson path
 * reads — any non-ASCII byte in a string, an escape in a value it keeps, a malformed token, a number it would have
 * to convert, nesting beyond {@value #MAX_DEPTH}, and, when {@code data} is captured, a {@code data} value that is
 * not already the compact text Jackson's generator would write — and the caller then runs Jackson on the same
 * bytes, so results and decode errors are exactly Jackson's. Single use, not thread-safe.
 */
final class PopScanner {
    /** Deepest nesting scanned (Jackson's own limit is higher, so nothing it accepts is rejected here first). */
    static final int MAX_DEPTH = 100;
    /** Longest string or number scanned (far below Jackson's limits, which a longer one could hit). */
    private static final int MAX_TOKEN = 1_000_000;
    private static final int MAX_NUMBER = 500;
    /** {@link #shared}'s answer for a field it does not read. */
    private static final int NOT_SHARED = -2;

    private final byte[] b;
    private final boolean captureData;
    private final Shared top = new Shared();
    private List<Message> messages = List.of();
    /** The current message's lease, queue and partition (one instance, cleared per message: no allocation each). */
    private final Shared msg = new Shared();
    /** The field readers, bound once rather than per object read. */
    private final FieldReader topFields = this::topField;
    private final FieldReader messageFields = this::messageField;
    /** The last string read by {@link #stringOrNull}. */
    private String str;
    /** The current message's own fields ({@link #ownField}). */
    private String txn;
    private String createdAt;
    private byte[] data;
    private int retryCount;
    private final Reuse leases = new Reuse();
    private final Reuse partitionIds = new Reuse();
    private final Reuse queues = new Reuse();
    private final Reuse partitions = new Reuse();
    private final Reuse createdAts = new Reuse();

    private PopScanner(byte[] b, boolean captureData) {
        this.b = b;
        this.captureData = captureData;
    }

    /** The answer's messages and top-level values, or null to fall back to Jackson. */
    static PopDecoder.Answer scan(byte[] b, boolean captureData) {
        return new PopScanner(b, captureData).answer();
    }

    private PopDecoder.Answer answer() {
        int p = ws(0);
        if (p >= b.length || b[p] != '{') return null;
        // what follows the object is not read (nor is it by the Jackson path)
        if (object(p, topFields) == BAIL) return null;
        return new PopDecoder.Answer(messages, top.leaseId, top.queue, top.partition, top.partitionId);
    }

    /** Reads one field's value at {@code p} (name {@code b[keyStart, keyEnd)}); its end, or BAIL. */
    private interface FieldReader {
        int read(int keyStart, int keyEnd, int p);
    }

    /** The object at {@code p} (a '{'), each field handed to {@code fields}; the index after it, or BAIL. */
    private int object(int p, FieldReader fields) {
        p = ws(p + 1);
        if (p < b.length && b[p] == '}') return p + 1;
        while (true) {
            if (p >= b.length || b[p] != '"') return BAIL;
            int keyStart = p + 1;
            int keyEnd = asciiString(b, keyStart);
            if (keyEnd == BAIL || keyEnd - keyStart > MAX_TOKEN) return BAIL;
            p = ws(keyEnd + 1);
            if (p >= b.length || b[p] != ':') return BAIL;
            p = ws(p + 1);
            if (p >= b.length) return BAIL;
            int end = fields.read(keyStart, keyEnd, p);
            if (end == BAIL) return BAIL;
            p = ws(end);
            if (p >= b.length) return BAIL;
            if (b[p] == '}') return p + 1;
            if (b[p] != ',') return BAIL;
            p = ws(p + 1);
        }
    }

    private int topField(int keyStart, int keyEnd, int p) {
        int end = shared(keyStart, keyEnd, p, top);
        if (end != NOT_SHARED) return end;
        if (!is(b, keyStart, keyEnd, "messages")) return skip(p, 1, false);
        if (b[p] != '[') return literal(b, p, "null") ? p + 4 : BAIL;
        messages = new ArrayList<>();
        return messages(p);
    }

    /** The fields an answer and each of its messages may carry: lease, queue, partition and its id. */
    private static final class Shared {
        String leaseId;
        String queue;
        String partition;
        String partitionId;

        void clear() {
            leaseId = null;
            queue = null;
            partition = null;
            partitionId = null;
        }
    }

    /**
     * Reads the value at {@code p} of a {@link Shared} field named {@code b[keyStart, keyEnd)} into {@code into};
     * its end, BAIL, or {@link #NOT_SHARED} for any other field.
     */
    private int shared(int keyStart, int keyEnd, int p, Shared into) {
        int end;
        if (is(b, keyStart, keyEnd, "leaseId")) {
            end = stringOrNull(p, leases);
            into.leaseId = str;
        } else if (is(b, keyStart, keyEnd, "queue") || is(b, keyStart, keyEnd, "queueName")) {
            end = stringOrNull(p, queues);
            into.queue = str;
        } else if (is(b, keyStart, keyEnd, "partition") || is(b, keyStart, keyEnd, "partitionName")) {
            end = stringOrNull(p, partitions);
            into.partition = str;
        } else if (is(b, keyStart, keyEnd, "partitionId")) {
            end = stringOrNull(p, partitionIds);
            into.partitionId = str;
        } else {
            end = NOT_SHARED;
        }
        return end;
    }

    /** Reads the array at {@code p} into {@link #messages}; its end, or BAIL. */
    private int messages(int p) {
        p = ws(p + 1);
        if (p < b.length && b[p] == ']') return p + 1;
        while (true) {
            if (p >= b.length || b[p] != '{') return BAIL;
            p = message(p);
            if (p == BAIL) return BAIL;
            p = ws(p);
            if (p >= b.length) return BAIL;
            if (b[p] == ']') return p + 1;
            if (b[p] != ',') return BAIL;
            p = ws(p + 1);
        }
    }

    /** One message object at {@code p} (a '{'); its end, or BAIL (also for one without a transactionId). */
    private int message(int p) {
        msg.clear();
        txn = null;
        createdAt = null;
        retryCount = 0;
        data = null;
        int end = object(p, messageFields);
        if (end == BAIL || txn == null) return BAIL; // no transactionId: the Jackson path words the error
        messages.add(new Message(txn, msg.partitionId, msg.leaseId, msg.queue, msg.partition, retryCount, createdAt, data));
        return end;
    }

    private int messageField(int keyStart, int keyEnd, int p) {
        int end = shared(keyStart, keyEnd, p, msg);
        return end != NOT_SHARED ? end : ownField(keyStart, keyEnd, p);
    }

    /** A message's own field (its id, creation time, retry count, data, or one skipped); its end, or BAIL. */
    private int ownField(int keyStart, int keyEnd, int p) {
        if (is(b, keyStart, keyEnd, "transactionId")) {
            int end = stringOrNull(p, null);
            txn = str;
            return end;
        }
        if (is(b, keyStart, keyEnd, "createdAt")) {
            int end = stringOrNull(p, createdAts);
            createdAt = str;
            return end;
        }
        if (is(b, keyStart, keyEnd, "retryCount")) return retryCount(p);
        if (is(b, keyStart, keyEnd, "data")) {
            int end = skip(p, 1, captureData);
            data = captureData && end != BAIL ? Arrays.copyOfRange(b, p, end) : null;
            return end;
        }
        return skip(p, 1, false);
    }

    /** A plain ASCII string or null into {@link #str} ({@code reuse}: the batch's repeats, or null); its end or BAIL. */
    private int stringOrNull(int p, Reuse reuse) {
        if (b[p] == '"') {
            int end = asciiString(b, p + 1);
            if (end == BAIL || end - p > MAX_TOKEN) return BAIL;
            str = reuse != null ? reuse.of(b, p + 1, end) : new String(b, p + 1, end - p - 1, StandardCharsets.ISO_8859_1);
            return end + 1;
        }
        str = null;
        return literal(b, p, "null") ? p + 4 : BAIL;
    }

    /** {@code retryCount}: an integer of up to nine digits, or null (0); anything to convert is Jackson's. */
    private int retryCount(int p) {
        if (literal(b, p, "null")) {
            retryCount = 0;
            return p + 4;
        }
        int end = JsonBytes.number(b, p);
        if (end == BAIL) return BAIL;
        boolean negative = b[p] == '-';
        int from = negative ? p + 1 : p;
        if (end - from > 9) return BAIL;
        int v = 0;
        for (int i = from; i < end; i++) {
            if (!JsonBytes.digit(b[i])) return BAIL; // a fraction or an exponent
            v = v * 10 + (b[i] - '0');
        }
        retryCount = negative ? -v : v;
        return end;
    }

    /**
     * Skips the value at {@code p}, validating it as Jackson would; its end, or BAIL. {@code verbatim}: also BAIL
     * unless the bytes are exactly what Jackson's generator writes for it (no whitespace, no escapes, integers only),
     * so they can be kept as the captured {@code data}.
     */
    private int skip(int p, int depth, boolean verbatim) {
        if (p >= b.length) return BAIL;
        byte c = b[p];
        if (c == '"') return verbatim ? verbatimString(p) : skipString(p);
        if (c == '{' || c == '[') {
            if (depth > MAX_DEPTH) return BAIL;
            byte close = c == '{' ? (byte) '}' : (byte) ']';
            p = gap(p + 1, verbatim);
            if (p == BAIL || p >= b.length) return BAIL;
            if (b[p] == close) return p + 1;
            while (true) {
                if (c == '{') {
                    if (b[p] != '"') return BAIL;
                    p = verbatim ? verbatimString(p) : skipString(p);
                    if (p == BAIL) return BAIL;
                    p = gap(p, verbatim);
                    if (p == BAIL || p >= b.length || b[p] != ':') return BAIL;
                    p = gap(p + 1, verbatim);
                    if (p == BAIL) return BAIL;
                }
                p = skip(p, depth + 1, verbatim);
                if (p == BAIL) return BAIL;
                p = gap(p, verbatim);
                if (p == BAIL || p >= b.length) return BAIL;
                if (b[p] == close) return p + 1;
                if (b[p] != ',') return BAIL;
                p = gap(p + 1, verbatim);
                if (p == BAIL) return BAIL;
            }
        }
        int literalEnd = JsonBytes.booleanValue(b, p);
        if (literalEnd != BAIL) return literalEnd;
        int end = JsonBytes.number(b, p);
        if (end == BAIL || end - p > MAX_NUMBER) return BAIL;
        if (verbatim && !plainInteger(p, end)) return BAIL;
        return end;
    }

    /** Jackson writes an integer as its value: the same digits, unless {@code -0}, a fraction, or an exponent. */
    private boolean plainInteger(int from, int to) {
        if (to - from > 18) return false; // beyond a long Jackson's generator still writes the digits, but stay safe
        if (b[from] == '-' && to - from == 2 && b[from + 1] == '0') return false;
        for (int i = b[from] == '-' ? from + 1 : from; i < to; i++) if (!JsonBytes.digit(b[i])) return false;
        return true;
    }

    /** A string at {@code p} of ASCII without escapes: its end (after the quote), or BAIL. */
    private int verbatimString(int p) {
        int end = asciiString(b, p + 1);
        return end == BAIL || end - p > MAX_TOKEN ? BAIL : end + 1;
    }

    /** A string at {@code p} of ASCII, valid escapes allowed: its end (after the quote), or BAIL. */
    private int skipString(int p) {
        int q = p + 1;
        while (true) {
            q = JsonBytes.special(b, q, true);
            if (q >= b.length || q - p > MAX_TOKEN) return BAIL;
            if (b[q] == '"') return q + 1;
            if (b[q] != '\\' || q + 1 >= b.length) return BAIL;
            byte e = b[q + 1];
            if (e == 'u') {
                if (q + 5 >= b.length) return BAIL;
                for (int i = q + 2; i < q + 6; i++) if (Character.digit(b[i], 16) < 0) return BAIL;
                q += 6;
            } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
                q += 2;
            } else {
                return BAIL;
            }
        }
    }

    private int ws(int p) {
        return JsonBytes.ws(b, p);
    }

    /** Whitespace at {@code p}: skipped, or BAIL when {@code verbatim} (Jackson's compact text has none). */
    private int gap(int p, boolean verbatim) {
        int q = ws(p);
        return verbatim && q != p ? BAIL : q;
    }

    /** The last String of one field, returned again while the bytes repeat (a batch's lease, partition, queue). */
    private static final class Reuse {
        private int from;
        private int len = -1;
        private String s;

        String of(byte[] b, int from, int to) {
            int n = to - from;
            if (n == len && Arrays.equals(b, this.from, this.from + n, b, from, to)) return s;
            this.from = from;
            this.len = n;
            return s = new String(b, from, n, StandardCharsets.ISO_8859_1);
        }
    }
}
