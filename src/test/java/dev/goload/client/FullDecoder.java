package dev.goload.client;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;

/** The scanner tests' reference: what the full (Jackson) decoder reads from a body a scanner accepted. */
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
}
