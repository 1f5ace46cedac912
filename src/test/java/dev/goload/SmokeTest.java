package dev.goload;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SmokeTest {
    @Test
    void runsOnJdk25OrNewer() {
        assertEquals(true, Runtime.version().feature() >= 25);
    }
}
