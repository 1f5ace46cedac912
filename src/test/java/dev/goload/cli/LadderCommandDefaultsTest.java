package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.config.LadderConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The ladder's default reset and point wrapper are the rig scripts at the repository root, next to pom.xml. */
class LadderCommandDefaultsTest {
    private static final Path ROOT = Path.of("").toAbsolutePath();

    private static LadderConfig config(String... args) throws Exception {
        return new LadderCommand(ROOT).config(GoFlagParser.parse(LadderCommand.flags(), List.of(args)));
    }

    @Test
    void defaultResetAndWrapperAreTheRootScripts() throws Exception {
        LadderConfig c = config("-rates", "10,20", "-cell-dir", "/tmp/c", "-reset-with-proxy", "--", "-mode", "cloud");
        assertEquals(List.of(ROOT.resolve("reset-cell-db.sh").toString(), "--with-proxy", "--cell-dir", "/tmp/c"),
                c.resetCommand());
        assertEquals(List.of(ROOT.resolve("runpt.sh").toString(), "--cell-dir", "/tmp/c"), c.pointWrapper());
        for (String s : List.of("vm-cell.sh", "reset-cell-db.sh", "runpt.sh")) {
            assertTrue(Files.isExecutable(ROOT.resolve(s)), s + " is an executable at the repository root");
        }
        assertTrue(Files.isRegularFile(ROOT.resolve("pom.xml")), "the root is the one holding pom.xml");
    }

    @Test
    void noneTurnsTheDefaultsOff() throws Exception {
        LadderConfig c = config("-rates", "10", "-reset", "none", "-runpt", "none", "--", "-mode", "cloud");
        assertEquals(List.of(), c.resetCommand());
        assertEquals(List.of(), c.pointWrapper());
    }
}
