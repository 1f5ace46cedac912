package dev.goload.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The optional tools' lookup, on made-up PATHs: the line a skip prints, CI's failure, the table. */
class OptionalToolsTest {
    @TempDir
    Path tmp;

    private Path executable(Path dir, String name) throws Exception {
        Files.createDirectories(dir);
        Path p = Files.writeString(dir.resolve(name), "#!/bin/sh\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
        return p;
    }

    @Test
    void aToolOnPathIsFoundAndAMissingOneGetsOneLineSayingWhatItRunsAndHowToInstallIt() throws Exception {
        Path bin = tmp.resolve("bin");
        Path curl = executable(bin, "curl");
        Files.writeString(bin.resolve("shellcheck"), "not executable");
        var l = OptionalTools.lookup(Map.of("PATH", tmp.resolve("nothing") + "::" + bin), List.of("curl", "shellcheck"));
        assertEquals(Map.of("curl", curl), l.found());
        assertEquals("needs shellcheck, not found on PATH (it runs the shell scripts' lint: LauncherAotTest,"
                + " CellScriptsTest); install it with apt-get install shellcheck", l.missingLine().orElseThrow());
    }

    @Test
    void severalMissingToolsAreOneLine() {
        var l = OptionalTools.lookup(Map.of("PATH", tmp.toString()), List.of("psql", "curl"));
        String line = l.missingLine().orElseThrow();
        assertTrue(line.startsWith("needs psql, not found on PATH ("), line);
        assertTrue(line.contains("apt-get install postgresql-client; and curl, not found on PATH ("), line);
        assertTrue(line.endsWith("apt-get install curl"), line);
        assertEquals(1, line.lines().count());
    }

    @Test
    void chromiumIsAlsoFoundByItsOtherName() throws Exception {
        Path c = executable(tmp.resolve("b"), "chromium-browser");
        assertEquals(c, OptionalTools.lookup(Map.of("PATH", tmp.resolve("b").toString()), List.of("chromium"))
                .found().get("chromium"));
    }

    @Test
    void initdbIsFoundWhereThePgBinVariableSaysOffPath() throws Exception {
        Path initdb = executable(tmp.resolve("pg/bin"), "initdb");
        var l = OptionalTools.lookup(Map.of("PATH", tmp.resolve("none").toString(), "PG_BIN",
                tmp.resolve("pg/bin").toString()), List.of("initdb"));
        assertEquals(initdb, l.found().get("initdb"));
    }

    @Test
    void postgresVersionsCompareNumerically() {
        assertTrue(OptionalTools.compareVersions("16", "9.6") > 0);
        assertTrue(OptionalTools.compareVersions("15", "15") == 0);
        assertTrue(OptionalTools.compareVersions("9.6", "10") < 0);
    }

    @Test
    void aToolNotInTheTableIsAnErrorNotASkip() {
        var e = assertThrows(IllegalArgumentException.class,
                () -> OptionalTools.lookup(Map.of("PATH", ""), List.of("jq")));
        assertTrue(e.getMessage().contains("optional-tools.tsv"), e.getMessage());
    }

    @Test
    void outsideCiTheLineSkipsAndIsPrintedUnderCiItFails() {
        PrintStream err = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
        try {
            var skip = assertThrows(TestAbortedException.class, () -> OptionalTools.skipOrFail(Map.of(), "needs x"));
            assertTrue(skip.getMessage().contains("needs x"), skip.getMessage());
        } finally {
            System.setErr(err);
        }
        assertEquals("SKIPPED: needs x\n", buf.toString(StandardCharsets.UTF_8));
        var ci = assertThrows(AssertionFailedError.class,
                () -> OptionalTools.skipOrFail(Map.of("CI", "true"), "needs x"));
        assertEquals("needs x -- under CI=true this test must run, not skip (.ci/run installs it)", ci.getMessage());
    }

    /** The README's Quick start names every optional tool and its package: a new user learns them there. */
    @Test
    void theReadmesQuickStartListsEveryOptionalToolAndItsPackage() throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        int from = readme.indexOf("\n## Quick start");
        assertTrue(from >= 0, "the README has a Quick start section");
        int to = readme.indexOf("\n## ", from + 1);
        String quickStart = readme.substring(from, to < 0 ? readme.length() : to);
        for (var tool : OptionalTools.table()) {
            assertTrue(quickStart.contains("`" + tool.name() + "`"), "Quick start names `" + tool.name() + "`");
            assertTrue(quickStart.contains("`" + tool.debianPackage() + "`"),
                    "Quick start names the package `" + tool.debianPackage() + "` of " + tool.name());
        }
    }

    @Test
    void theTableNamesEachToolOnceWithAPackageAndWhatItRuns() {
        var t = OptionalTools.table();
        assertEquals(List.of("shellcheck", "chromium", "initdb", "psql", "pg_isready", "curl"),
                t.stream().map(OptionalTools.Tool::name).toList());
        for (var tool : t) {
            assertTrue(tool.debianPackage().matches("[a-z0-9.+-]+"), tool.toString());
            assertTrue(!tool.runs().isBlank(), tool.toString());
        }
    }
}
