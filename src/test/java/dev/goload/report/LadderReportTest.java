package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class LadderReportTest {
    @Test
    void loaderArgumentsKeepNoSecretInEitherFlagForm() {
        assertEquals(List.of("-mode", "openloop", "-token", "****", "--api-key=****", "-pg-password=****",
                        "-queue", "token", "-rate", "5", "-host-header", "cell-a"),
                LadderReport.masked(List.of("-mode", "openloop", "-token", "sk-1", "--api-key=sk-2",
                        "-pg-password=pw", "-queue", "token", "-rate", "5", "-host-header", "cell-a")));
    }
}
