package dev.goload.client;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.util.Random;

/**
 * The scanner tests' reference: what the full (Jackson) decoder reads from a body a scanner accepted, and the
 * random corruptions both scanners are checked on.
 */
final class FullDecoder {
    interface Decode<T> {
        T run() throws IOException;
    }

    private FullDecoder() {
    }

    /** The full decoder's result; a test failure when it rejects {@code body}, which the scanner must then decline. */
    static <T> T reads(String body, Decode<T> decode) {
        try {
            return decode.run();
        } catch (IOException | RuntimeException e) {
            return fail("scanner accepted what the full decoder rejects (" + e + "): " + body);
        }
    }

    /** {@code body} with one to three characters deleted, inserted or replaced (from {@code alphabet}). */
    static String corrupt(String body, Random rnd, String alphabet) {
        StringBuilder s = new StringBuilder(body);
        int edits = 1 + rnd.nextInt(3);
        for (int e = 0; e < edits; e++) {
            int at = rnd.nextInt(s.length());
            switch (rnd.nextInt(3)) {
                case 0 -> s.deleteCharAt(at);
                case 1 -> s.insert(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
                default -> s.setCharAt(at, alphabet.charAt(rnd.nextInt(alphabet.length())));
            }
        }
        return s.toString();
    }
}
