package dev.goload.cell;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.cli.LadderCommand;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code goload ladder}, one real point (an embedded openloop run in a child JVM, no cell): the ladder's own output
 * has no {@code [final]} line — the points' loaders print theirs — and ends with its ceiling and the curve's path.
 */
class LadderFinalLinesTest {
    @TempDir
    Path tmp;

    @Test
    void theLadderEndsWithItsCeilingAndTheCurvesPathAndPrintsNoFinalLine() throws Exception {
        Path loader = CellSmokeTest.launcher(Files.createDirectories(tmp.resolve("bin")));
        Path out = tmp.resolve("ladder");
        ByteArrayOutputStream bos = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = new LadderCommand(Path.of("").toAbsolutePath()).run(List.of("-rates", "100", "-duration", "2",
                        "-drain", "35", "-reset", "none", "-runpt", "none", "-loader", loader.toString(), "-out",
                        out.toString(), "--", "-mode", "openloop", "-embedded", "-push-batch", "10", "-report", "1"),
                new PrintStream(bos, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        List<String> lines = bos.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(0, code, lines + "\n" + err);
        assertTrue(lines.stream().noneMatch(l -> l.startsWith("[final]")), "no [final] line of its own: " + lines);
        assertEquals("[artifacts] " + out.resolve("ladder.json"), lines.getLast());
        // the point may well be VOID here (an embedded broker on a busy machine): either way the ceiling line closes
        assertTrue(lines.get(lines.size() - 2).startsWith("ceiling: "), lines.toString());
    }
}
