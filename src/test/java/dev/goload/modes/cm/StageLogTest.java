package dev.goload.modes.cm;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StageLogTest {
    @TempDir
    Path dir;

    @Test
    void writesOnePropSeqLinePerAppliedMessageInDecimal() throws Exception {
        Path file = dir.resolve("cm-avail_cm-db.log");
        try (StageLog log = new StageLog(file)) {
            log.append(0, 0);
            log.append(7, 10);
            log.append(12, 345);
            log.append(Integer.MAX_VALUE, Long.MAX_VALUE);
            log.append(3, -1);
        }
        assertEquals("0,0\n7,10\n12,345\n2147483647,9223372036854775807\n3,-1\n",
                Files.readString(file, StandardCharsets.US_ASCII));
    }
}
