package dev.goload.broker;

import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** Identifier helpers. Stateless and thread-safe. */
final class Ids {
    private static final Pattern UUID_TEXT =
            Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    private Ids() {
    }

    /** A UUIDv7 (time-ordered, like the real broker's message and lease ids) from the given wall-clock millis. */
    static String uuidV7(long epochMillis) {
        ThreadLocalRandom r = ThreadLocalRandom.current();
        long msb = (epochMillis << 16) | 0x7000L | (r.nextLong() & 0x0FFFL);
        long lsb = (r.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(msb, lsb).toString();
    }

    static boolean isUuid(String s) {
        return s.length() == 36 && UUID_TEXT.matcher(s).matches();
    }
}
