package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProducedMetaTest {
    @TempDir
    Path dir;

    @Test
    void writesTheReferenceByteFormat() throws IOException {
        var a = new TreeMap<Integer, Long>(Map.of(10, 7L, 2, 3L, 5, 0L));
        var b = new TreeMap<Integer, Long>(Map.of(1, 12L));
        new ProducedMeta(3, 1013, 1012, 0, 1769688000L, a, b).write(dir);
        assertEquals("# ackErr=3 producedA=1013 producedB=1012 base=0 ts=1769688000\nA 2 3\nA 10 7\nB 1 12\n",
                Files.readString(dir.resolve("produced.meta"), StandardCharsets.UTF_8));
    }

    @Test
    void roundTrips() throws IOException {
        var a = new TreeMap<Integer, Long>(Map.of(0, 9L, 3, 1L));
        var b = new TreeMap<Integer, Long>(Map.of(7, 44L));
        ProducedMeta m = new ProducedMeta(0, 10, 44, 1, 5L, a, b);
        m.write(dir);
        assertEquals(m, ProducedMeta.read(dir));
    }

    @Test
    void headerWithoutBaseDefaultsToOneAndJunkLinesAreIgnored() throws IOException {
        Files.writeString(dir.resolve("produced.meta"), "# ackErr=2 producedA=5 producedB=6 ts=9\nA 1 5\nnoise\nB x 3\nB 4 6\n");
        ProducedMeta m = ProducedMeta.read(dir);
        assertEquals(1, m.base());
        assertEquals(2, m.ackErr());
        assertEquals(Map.of(1, 5L), m.maxA());
        assertEquals(Map.of(4, 6L), m.maxB());
    }

    @Test
    void stageFileNamesFollowTheReference() {
        var names = CmStage.standard("x-").stream().map(CmStage::fileName).toList();
        assertEquals("x-cm-avail_cm-db.log", names.get(0));
        assertEquals("x-cm-ota-sync_ota-1.log", names.get(1));
        assertEquals("x-cm-ota-sync_ota-5.log", names.get(5));
        assertEquals("x-cm-prices_cm-cal.log", names.get(6));
        assertEquals("x-cm-ota-prices_otap-5.log", names.get(11));
    }
}
