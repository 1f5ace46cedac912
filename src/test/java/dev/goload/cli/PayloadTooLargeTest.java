package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.PushBodyLimit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A payload beyond what one push request may carry ({@link PushBodyLimit}, 64 MiB a request) is refused before the
 * run with exit 2, for each mode's payload flags, the push batch counted where a body carries several messages; a
 * payload at the bound is accepted (the flag check only: those runs are not started here).
 */
class PayloadTooLargeTest {

    @ParameterizedTest(name = "{0} {1} {2} {3} {4}")
    @CsvSource({
            "openloop, -payload, 100000000, -push-batch, 1",
            "openloop, -payload, 7000000, -push-batch, 10",
            "max, -payload, 7000000, -push-batch, 10",
            "cloud, -payload, 70000000, -push-batch, 1",
            "cloud, -payload, 700000, -push-batch, 100",
            "cm, -payload-b, 70000000, -, -",
            "app, -payload-max, 7000000, -push-batch, 10",
            "tenants, -payload, 70000000, -, -",
    })
    void aPayloadOverTheRequestBoundExits2BeforeTheRun(String mode, String flag, String bytes, String batchFlag,
                                                       String batch) {
        List<String> a = new ArrayList<>(List.of("-mode", mode, "-embedded", flag, bytes));
        if (!batchFlag.equals("-")) a.addAll(List.of(batchFlag, batch));
        if (mode.equals("cloud")) a.addAll(List.of("-target", "broker", "-rate", "10"));
        if (mode.equals("openloop")) a.addAll(List.of("-rate", "10"));
        if (mode.equals("cm")) a.addAll(List.of("-rate-events", "10"));
        MainRun r = MainRun.of(a.toArray(String[]::new));
        assertEquals(ExitCodes.USAGE, r.code(), r.out() + r.err());
        assertEquals("", r.out(), "nothing ran");
        assertTrue(r.err().contains(flag + " " + bytes), r.err());
        assertTrue(r.err().contains("over the 67,108,864 bytes (64 MiB) one request may carry"), r.err());
    }

    @Test
    void theBoundCountsEveryMessageOfTheBodyAndItsOverhead() {
        long perMessage = PushBodyLimit.MAX_BODY_BYTES / 10 - PushBodyLimit.ITEM_OVERHEAD_BYTES;
        PushBodyLimit.check("-payload", perMessage, 10); // exactly at the bound
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PushBodyLimit.check("-payload", perMessage + 1, 10));
        assertTrue(e.getMessage().contains("10 messages of"), e.getMessage());
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> PushBodyLimit.check("-payload", Long.MAX_VALUE / 2, 1 << 20)); // no overflow into "small"
        PushBodyLimit.check("-payload", 256, 10_000); // the usual sizes stay far below
    }
}
