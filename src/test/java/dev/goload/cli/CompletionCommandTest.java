package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CompletionCommandTest {
    @TempDir Path dir;

    private static MainRun completion(String shell) {
        return MainRun.of("completion", shell);
    }

    @Test
    void theScriptOffersEveryFlagOfEveryModeUnderItsSubcommand() {
        String script = completion("bash").out();
        for (ModeCommand mode : ModeRegistry.standard().all()) {
            String fn = functionBody(script, "_picocli_goload_" + mode.name());
            for (FlagDef d : mode.flags().definitions()) {
                if (d.name().equals("mode")) continue;
                assertTrue(fn.contains("'--" + d.name() + "'"), mode.name() + " lacks --" + d.name());
            }
        }
        for (var utility : List.of(BrokerCommand.flags(), DemoCommand.flags(), LadderCommand.flags())) {
            String fn = functionBody(script, "_picocli_goload_" + utility.name().substring("goload ".length()));
            utility.definitions().forEach(d -> assertTrue(fn.contains("'--" + d.name() + "'"), utility.name() + " " + d));
        }
    }

    @Test
    void theGoFormsModeValuesAndFlagsAreOfferedAtTheTop() {
        String root = functionBody(completion("bash").out(), "_picocli_goload");
        assertTrue(root.contains("'-mode'"), root);
        for (ModeCommand mode : ModeRegistry.standard().all()) {
            assertTrue(root.contains(mode.name()), mode.name());
            for (FlagDef d : mode.flags().definitions()) {
                assertTrue(root.contains("'-" + d.name() + "'"), "Go form -" + d.name());
            }
        }
    }

    private static String functionBody(String script, String name) {
        int start = script.indexOf("function " + name + "() {");
        assertTrue(start >= 0, "no function " + name);
        return script.substring(start, script.indexOf("\n}\n", start));
    }

    @Test
    void theScriptIsValidBashAndCompletesAFlagPrefix() throws Exception {
        MainRun r = completion("bash");
        assertEquals(0, r.code(), r.err());
        Path script = dir.resolve("goload_completion");
        Files.writeString(script, r.out());
        assertEquals("", bash("-n", script.toString()));
        String completed = bash("-c", "source " + script + " 2>/dev/null; COMP_WORDS=(goload openloop --pop-ba);"
                + " COMP_CWORD=2; _complete_goload 2>/dev/null; printf '%s\\n' \"${COMPREPLY[@]}\";"
                + " COMP_WORDS=(goload -mode open); COMP_CWORD=2; _complete_goload 2>/dev/null;"
                + " printf '%s\\n' \"${COMPREPLY[@]}\"");
        assertEquals("--pop-batch\nopenloop\n", completed);
    }

    @Test
    void zshGetsTheSameScriptWhichLoadsBashcompinitItself() {
        MainRun zsh = completion("zsh");
        assertEquals(0, zsh.code());
        assertEquals(completion("bash").out(), zsh.out());
        assertTrue(zsh.out().contains("bashcompinit"), "picocli's zsh support");
    }

    @Test
    void anUnknownShellIsAUsageError() {
        MainRun r = completion("fish");
        assertEquals(2, r.code());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("usage: goload completion bash|zsh"), r.err());
    }

    private static String bash(String... args) throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("bash"));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "bash finished");
        assertEquals(0, p.exitValue(), out);
        return out;
    }
}
