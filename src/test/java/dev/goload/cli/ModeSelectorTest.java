package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ModeSelectorTest {

    private static String select(String... args) { return ModeSelector.select(List.of(args)); }

    @Test
    void noModeSelectsMax() {
        assertEquals("max", select());
        assertEquals("max", select("-rate", "5"));
    }

    @Test
    void acceptsAllFourSpellings() {
        assertEquals("openloop", select("-mode", "openloop"));
        assertEquals("cloud", select("--mode", "cloud"));
        assertEquals("cm", select("-mode=cm"));
        assertEquals("app", select("--mode=app"));
    }

    @Test
    void firstMatchWinsAnywhereInArgv() {
        assertEquals("cloud", select("-rate", "5", "-mode", "cloud", "-mode", "app"));
        assertEquals("order", select("positional", "-mode=order"), "the scan ignores where parsing stops");
    }

    @Test
    void stopsAtDoubleDash() {
        assertEquals("max", select("-rate", "5", "--", "-mode", "cloud"));
    }

    @Test
    void missingOrEmptyValueSelectsMax() {
        assertEquals("max", select("-rate", "5", "-mode"));
        assertEquals("max", select("-mode="));
        assertEquals("max", select("-mode", ""));
    }

    @Test
    void valueIsTakenVerbatimEvenIfItLooksLikeAFlag() {
        assertEquals("-rate", select("-mode", "-rate", "5"));
    }

    @Test
    void singleDashPrefixOnlyMatchesTheWholeWord() {
        assertEquals("max", select("-modex", "cloud"));
        assertEquals("max", select("---mode", "cloud"));
    }
}
