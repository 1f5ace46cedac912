package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * {@code -report ≤ 0} in max/openloop: the reference's {@code time.NewTicker} panics on it; the port used to
 * run forever instead (every report instant is the start, so the duration is never reached) while printing
 * tens of thousands of interval lines a second and growing the run record without bound. A flag error now.
 */
class ReportIntervalValidationTest {
    private static Optional<String> check(String mode, FlagTable table, String... args) throws Exception {
        return FlagValidators.validate(mode, GoFlagParser.parse(table, args));
    }

    @Test
    void openloopRejectsAZeroOrNegativeReportInterval() throws Exception {
        assertEquals(Optional.of("goload -mode openloop: -report must be > 0"),
                check("openloop", FlagTables.openloop(), "-rate", "100", "-report", "0"));
        assertEquals(Optional.of("goload -mode openloop: -report must be > 0"),
                check("openloop", FlagTables.openloop(), "-rate", "100", "-report", "-1"));
        assertEquals(Optional.empty(), check("openloop", FlagTables.openloop(), "-rate", "100", "-report", "1"));
    }

    @Test
    void maxRejectsAZeroOrNegativeReportInterval() throws Exception {
        assertEquals(Optional.of("goload -mode max: -report must be > 0"), check("max", FlagTables.max(), "-report", "0"));
        assertEquals(Optional.of("goload -mode max: -report must be > 0"), check("max", FlagTables.max(), "-report", "-5"));
        assertEquals(Optional.empty(), check("max", FlagTables.max()));
    }
}
