package dev.goload.client;

import static dev.goload.client.JsonBytes.BAIL;
import static dev.goload.client.JsonBytes.asciiString;
import static dev.goload.client.JsonBytes.literal;
import static dev.goload.client.PopFieldKinds.CREATED_AT;
import static dev.goload.client.PopFieldKinds.DATA;
import static dev.goload.client.PopFieldKinds.LEASE;
import static dev.goload.client.PopFieldKinds.MESSAGES;
import static dev.goload.client.PopFieldKinds.PARTITION;
import static dev.goload.client.PopFieldKinds.PARTITION_ID;
import static dev.goload.client.PopFieldKinds.QUEUE;
import static dev.goload.client.PopFieldKinds.RETRY_COUNT;
import static dev.goload.client.PopFieldKinds.TRANSACTION;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The fast path for pop answers: a byte scanner for the common shape, as {@link ResultScanner} is for push and ack
 * answers. Jackson spent about half a consumer's CPU on a 500-message pop (field-name canonicalisation, a token per
 * value, a String per repeated lease, partition and queue); this skims the bytes once, and the values a batch
 * repeats ({@code leaseId}, {@code partitionId}, {@code queue}, {@code partition}) are one String each while they
 * repeat; {@code createdAt}, which nothing reads, is checked to be a string (as the Jackson path requires) but not
 * kept. Bytes that repeat the previous message's (its keys, and its {@code data} and skipped
 * values: {@link SeenFields}; the repeated Strings' text) are compared with that already validated span instead of
 * scanned again, and a message's fields that repeat the previous message's as a whole run (everything between its id,
 * transaction id and creation time) take what that message read there ({@link MessageRuns}).
 *
 * <p>It answers {@code null} whenever it cannot be sure to read exactly what {@link PopDecoder}'s Jackson path
 * reads — any non-ASCII byte in a string, an escape in a value it keeps, a malformed token, a number it would have
 * to convert, nesting beyond {@value #MAX_DEPTH}, and, when {@code data} is captured, a {@code data} value that is
 * not already the compact text Jackson's generator would write — and the caller then runs Jackson on the same
 * bytes, so results and decode errors are exactly Jackson's. Single use, not thread-safe.
 */
final class PopScanner {
    /** Deepest nesting scanned (Jackson's own limit is higher, so nothing it accepts is rejected here first). */
    static final int MAX_DEPTH = JsonSkipper.MAX_DEPTH;
    /** Longest string scanned (far below Jackson's limits, which a longer one could hit). */
    private static final int MAX_TOKEN = JsonSkipper.MAX_TOKEN;
    /** {@link #shared}'s answer for a field it does not read. */
    private static final int NOT_SHARED = -2;

    private final byte[] b;
    /** The answer's end: it is {@code b[0, n)} (a pooled array holds it, longer than it: {@link JsonBytes}). */
    private final int n;
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
    private byte[] data;
    private int retryCount;
    /** The batch's repeated Strings of each {@link Shared} field, by {@code kind - LEASE}. */
    private final RepeatedString[] sharedReuse = {
            new RepeatedString(), new RepeatedString(), new RepeatedString(), new RepeatedString()};
    /** The previous message's fields (made with the messages array: a pop without messages needs none). */
    private SeenFields seen;
    private MessageRuns runs;

    /** The queue a message naming none takes (this very instance: {@link PopDecoder} may still replace it). */
    private final String queue;
    /** The messages list's first capacity: the batch asked for (a list grown from 10 to 500 copied ~1,400 references). */
    private final int capacity;
    /** Largest capacity taken from the batch asked for (an answer may hold fewer: the list is then mostly empty). */
    static final int MAX_CAPACITY = 1_000;

    PopScanner(byte[] b, int n, boolean captureData, String queue, int batch) {
        this.b = b;
        this.n = n;
        this.captureData = captureData;
        this.queue = queue;
        this.capacity = batch > 0 ? Math.min(batch, MAX_CAPACITY) : 10;
    }

    /** The answer's messages and top-level values, or null to fall back to Jackson. */
    static PopDecoder.Answer scan(byte[] b, boolean captureData) {
        return scan(b, b.length, captureData, null, 0);
    }

    /**
     * As {@link #scan(byte[], boolean)} for the answer {@code b[0, n)}, a message naming no queue given {@code queue}:
     * the broker's messages name none, and a default filled in afterwards was a second Message per message. Nothing
     * returned refers to {@code b} (every String and {@code data} is a copy), so the caller may reuse it at once.
     * {@code batch}: the messages asked for (the list's first capacity; 0 when not known).
     */
    static PopDecoder.Answer scan(byte[] b, int n, boolean captureData, String queue, int batch) {
        return new PopScanner(b, n, captureData, queue, batch).answer();
    }

    PopDecoder.Answer answer() {
        int p = ws(0);
        if (p >= n || b[p] != '{') return null;
        // what follows the object is not read (nor is it by the Jackson path)
        if (object(p, topFields, null, null) == BAIL) return null;
        return new PopDecoder.Answer(messages, top.get(LEASE), top.get(QUEUE), top.get(PARTITION), top.get(PARTITION_ID));
    }

    /** Tests only: the run comparisons {@link MessageRuns} made (a field that keeps differing is not compared each time). */
    int runComparisons() {
        return runs == null ? 0 : runs.comparisons();
    }

    /** Reads the value at {@code p} of field {@code i} of kind {@code kind} (a {@link PopFieldKinds} kind); its end, or BAIL. */
    private interface FieldReader {
        int read(int kind, int i, int p);
    }

    /**
     * The object at {@code p} (a '{'), each field handed to {@code fields}; the index after it, or BAIL.
     * {@code seen}: the previous message's keys (null for the top level), whose repeats are not scanned again;
     * {@code runs}: the previous message's fields as a run (null for the top level), whose repeats are not read again.
     */
    private int object(int p, FieldReader fields, SeenFields seen, MessageRuns runs) {
        p = ws(p + 1);
        if (p < n && b[p] == '}') {
            if (runs != null) runs.ended(0);
            return p + 1;
        }
        for (int i = 0; ; i++) {
            if (p >= n || b[p] != '"') return BAIL;
            int run = runs != null ? runs.run(i, p) : 0;
            if (run > 0) { // fields i .. i + run - 1 repeat the previous message's: take what it read there
                boolean last = runs.ends(i + run - 1);
                p = repeated(runs, i, run, p);
                i += run - 1;
                if (last) {
                    runs.ended(i + 1);
                    return p;
                }
                continue;
            }
            int key = p;
            int keyEnd = seen != null ? seen.sameKey(i, p) : -1;
            int kind;
            if (keyEnd >= 0) {
                kind = seen.kind(i);
            } else {
                int close = asciiString(b, n, p + 1);
                if (close == BAIL || close - p - 1 > MAX_TOKEN) return BAIL;
                kind = PopFieldKinds.of(b, p + 1, close);
                keyEnd = close + 1;
                if (seen != null) seen.key(i, p, keyEnd, kind);
            }
            p = ws(keyEnd);
            if (p >= n || b[p] != ':') return BAIL;
            p = ws(p + 1);
            if (p >= n) return BAIL;
            int from = p;
            int end = fields.read(kind, i, p);
            if (end == BAIL) return BAIL;
            p = ws(end);
            if (p >= n) return BAIL;
            boolean closes = b[p] == '}';
            if (!closes && b[p] != ',') return BAIL;
            p = closes ? p + 1 : ws(p + 1);
            if (runs != null) {
                runs.read(i, key, kind, from, end, p, kind >= LEASE && kind <= TRANSACTION ? str : null, retryCount);
                if (closes) runs.ended(i + 1);
            }
            if (closes) return p;
        }
    }

    /** Fields {@code i} to {@code i + run - 1}, at {@code p}, repeat the previous message's: their values taken. */
    private int repeated(MessageRuns runs, int i, int run, int p) {
        int delta = p - runs.keyAt(i);
        for (int j = i; j < i + run; j++) {
            p = runs.moved(j, delta);
            int kind = runs.kind(j);
            if (kind >= LEASE && kind <= PARTITION_ID) {
                msg.values[kind - LEASE] = (String) runs.value(j);
            } else if (kind == TRANSACTION) {
                txn = (String) runs.value(j);
            } else if (kind == RETRY_COUNT) {
                retryCount = runs.number(j);
            } else if (kind == DATA) {
                data = captureData ? Arrays.copyOfRange(b, runs.valueFrom(j), runs.valueTo(j)) : null;
            }
        }
        return p;
    }

    private int topField(int kind, int i, int p) {
        int end = shared(kind, p, top);
        if (end != NOT_SHARED) return end;
        if (kind != MESSAGES) return JsonSkipper.skip(b, n, p, 1, false);
        if (b[p] != '[') return literal(b, n, p, "null") ? p + 4 : BAIL;
        messages = new ArrayList<>(p + 1 < n && b[p + 1] == ']' ? 0 : capacity);
        seen = new SeenFields(b, n);
        runs = new MessageRuns(b, n);
        return messages(p);
    }

    /** The fields an answer and each of its messages may carry: lease, queue, partition and its id, by kind. */
    private static final class Shared {
        private final String[] values = new String[PARTITION_ID - LEASE + 1];

        String get(int kind) {
            return values[kind - LEASE];
        }

        void clear() {
            Arrays.fill(values, null);
        }
    }

    /** Reads the value at {@code p} of a {@link Shared} field into {@code into}; its end, BAIL, or {@link #NOT_SHARED}. */
    private int shared(int kind, int p, Shared into) {
        if (kind < LEASE || kind > PARTITION_ID) return NOT_SHARED;
        int end = stringOrNull(p, sharedReuse[kind - LEASE]);
        into.values[kind - LEASE] = str;
        return end;
    }

    /** Reads the array at {@code p} into {@link #messages}; its end, or BAIL. */
    private int messages(int p) {
        p = ws(p + 1);
        if (p < n && b[p] == ']') return p + 1;
        while (true) {
            if (p >= n || b[p] != '{') return BAIL;
            p = message(p);
            if (p == BAIL) return BAIL;
            p = ws(p);
            if (p >= n) return BAIL;
            if (b[p] == ']') return p + 1;
            if (b[p] != ',') return BAIL;
            p = ws(p + 1);
        }
    }

    /** One message object at {@code p} (a '{'); its end, or BAIL (also for one without a transactionId). */
    private int message(int p) {
        msg.clear();
        txn = null;
        retryCount = 0;
        data = null;
        int end = object(p, messageFields, seen, runs);
        if (end == BAIL || txn == null) return BAIL; // no transactionId: the Jackson path words the error
        String q = msg.get(QUEUE);
        messages.add(new Message(txn, msg.get(PARTITION_ID), msg.get(LEASE), q != null ? q : queue, msg.get(PARTITION),
                retryCount, data));
        return end;
    }

    private int messageField(int kind, int i, int p) {
        int end = shared(kind, p, msg);
        return end != NOT_SHARED ? end : ownField(kind, i, p);
    }

    /** A message's own field (its id, creation time, retry count, data, or one skipped); its end, or BAIL. */
    private int ownField(int kind, int i, int p) {
        switch (kind) {
            case TRANSACTION -> {
                int end = stringOrNull(p, null);
                txn = str;
                return end;
            }
            case CREATED_AT -> {
                return string(p); // not kept: nothing reads it
            }
            case RETRY_COUNT -> {
                return retryCount(p);
            }
            case DATA -> {
                int end = skipSeen(i, p, captureData);
                data = captureData && end != BAIL ? Arrays.copyOfRange(b, p, end) : null;
                return end;
            }
            default -> {
                return skipSeen(i, p, false);
            }
        }
    }

    /** {@link #skip} of field {@code i}'s value, unless it repeats the previous message's (then not scanned again). */
    private int skipSeen(int i, int p, boolean verbatim) {
        int end = seen.sameValue(i, p);
        if (end >= 0) return end;
        end = JsonSkipper.skip(b, n, p, 1, verbatim);
        if (end != BAIL) seen.value(i, p, end);
        return end;
    }

    /** A plain ASCII string or null into {@link #str} ({@code reuse}: the batch's repeats, or null); its end or BAIL. */
    private int stringOrNull(int p, RepeatedString reuse) {
        if (b[p] == '"' && reuse != null) {
            int same = reuse.same(b, n, p);
            if (same >= 0) {
                str = reuse.last();
                return same;
            }
        }
        int end = string(p);
        if (end == BAIL || b[p] != '"') {
            str = null;
            return end;
        }
        str = reuse != null ? reuse.of(b, p + 1, end - 1) : new String(b, p + 1, end - p - 2, StandardCharsets.ISO_8859_1);
        return end;
    }

    /** The end of a plain ASCII string or null at {@code p}, or BAIL (the text is not read). */
    private int string(int p) {
        if (b[p] != '"') return literal(b, n, p, "null") ? p + 4 : BAIL;
        int end = asciiString(b, n, p + 1);
        return end == BAIL || end - p > MAX_TOKEN ? BAIL : end + 1;
    }

    /** {@code retryCount}: an integer of up to nine digits, or null (0); anything to convert is Jackson's. */
    private int retryCount(int p) {
        if (literal(b, n, p, "null")) {
            retryCount = 0;
            return p + 4;
        }
        int end = JsonBytes.number(b, n, p);
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

    private int ws(int p) {
        return JsonBytes.ws(b, n, p);
    }
}
