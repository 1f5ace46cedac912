package dev.goload.client;

import java.nio.charset.StandardCharsets;

/**
 * A push's transaction ids, in request order: the callers' Strings, or ids the client generated, held as their
 * ASCII bytes ({@value #UUID_LENGTH} per id) — those go into the push body by a byte copy, and become Strings only
 * if someone reads {@link PushResult#transactionIds()} (no mode of the hot path does: two Strings and their arrays
 * per pushed message were a tenth of the push path's allocation). Thread-safe: immutable but for the Strings
 * made on first read, which are published whole.
 */
final class TransactionIds {
    static final int UUID_LENGTH = Uuid7.LENGTH;

    private final int size;
    /** The generated ids' bytes, or null for callers' ids. */
    private final byte[] generated;
    private volatile String[] strings;

    private TransactionIds(int size, byte[] generated, String[] strings) {
        this.size = size;
        this.generated = generated;
        this.strings = strings;
    }

    static TransactionIds of(String[] ids) {
        return new TransactionIds(ids.length, null, ids);
    }

    /** {@code count} fresh UUIDv7s of one millisecond ({@link Uuid7#fill(byte[], int)}). */
    static TransactionIds generate(int count) {
        byte[] b = new byte[count * UUID_LENGTH];
        Uuid7.fill(b, count);
        return new TransactionIds(count, b, null);
    }

    int size() {
        return size;
    }

    /** The generated ids' bytes, id {@code i} at {@code i * UUID_LENGTH}; null when the ids are the callers'. */
    byte[] generatedBytes() {
        return generated;
    }

    /** The ids as Strings (made on the first call for generated ids; the same array afterwards). */
    String[] strings() {
        String[] s = strings;
        if (s == null) {
            s = new String[size];
            for (int i = 0; i < size; i++) {
                s[i] = new String(generated, i * UUID_LENGTH, UUID_LENGTH, StandardCharsets.ISO_8859_1);
            }
            strings = s;
        }
        return s;
    }
}
