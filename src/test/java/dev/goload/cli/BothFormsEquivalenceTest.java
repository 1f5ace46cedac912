package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * {@code goload -mode X -flag v} and {@code goload X --flag v} must build the same run: the same flag values,
 * the same explicitly-set flags, the same config record and the same effective-flag map of the run record.
 */
class BothFormsEquivalenceTest {

    /** Representative valid command lines per mode, in Go syntax; the subcommand form spells them {@code --flag}. */
    private static final Map<String, List<String>> REPRESENTATIVE = Map.of(
            "max", List.of("-producers", "40", "-consumers=8", "-push-batch", "50", "-pop-wait", "-duration", "9",
                    "-manual-ack", "-ack-async=true", "-retries", "-1", "-run-id", "r1", "-out", "/tmp/x"),
            "openloop", List.of("-rate", "600000", "-push-batch", "100", "-partitions", "64", "-pop-wait=false",
                    "-arrival", "poisson", "-active-partitions", "8", "-active-policy", "scatter", "-ramp-sec", "3",
                    "-token", "secret", "-host-header", "cell-a", "-e2e", "-run-id", "r2",
                    "-threshold", "push.p99<10ms", "-threshold=achieved>=0.99*offered", "-threshold-abort", "5",
                    "-strict"),
            "cloud", List.of("-target", "broker", "-tenants", "4", "-rate", "400", "-duration", "8", "-push-batch", "5",
                    "-pop-wait=false", "-fault", "dup-push=3", "-ramp-sec", "1.5", "-run-id", "r3", "-note", "n"),
            "provision", List.of("-tenants", "12", "-prefix", "zz", "-dry-run", "-pg-url", "jdbc:postgresql://h/db",
                    "-commit-batch", "7"),
            "order", List.of("-target", "broker", "-url", "http://127.0.0.1:1", "-messages", "300", "-consumers", "2",
                    "-pop-batch", "9", "-drain", "4", "-run-id", "r5"),
            "cm", List.of("-rate-events", "200", "-properties", "50", "-duration", "5", "-pop-wait=false",
                    "-logdir", "/tmp/cm", "-queue-prefix", "t1", "-warmup=false", "-push-retries", "3"),
            "tenants", List.of("-tenants", "20", "-queues-per-tenant", "2", "-idle-only", "-duration", "30",
                    "-stagger=false"),
            "app", List.of("-target-rate", "5000", "-sessions", "100", "-skew", "0.9", "-burst-every", "10m",
                    "-reset", "-seed", "42", "-run-id", "r8", "-consumers-per-group", "3"));

    private static final Map<String, Function<ParsedFlags, Object>> CONFIGS = Map.of(
            "max", MaxCommand::config, "openloop", OpenLoopCommand::config, "cloud", CloudCommand::config,
            "order", OrderCommand::config, "cm", CmCommand::config, "app", AppCommand::config);

    @Test
    void representativeArgsBuildTheSameConfigRecordInBothForms() {
        for (ModeCommand mode : ModeRegistry.standard().all()) {
            List<String> goArgs = REPRESENTATIVE.get(mode.name());
            ParsedFlags go = runGoForm(mode, goArgs);
            ParsedFlags sub = runSubcommandForm(mode, goArgs.stream().map(a -> a.matches("-[a-z].*") ? "-" + a : a).toList());
            assertSameFlags(mode.name(), go, sub);
            assertEquals(LoadModeSupport.maskedFlags(go), LoadModeSupport.maskedFlags(sub), mode.name());
            Function<ParsedFlags, Object> config = CONFIGS.get(mode.name());
            if (config != null) assertSameRecord(mode.name(), config.apply(go), config.apply(sub));
        }
    }

    @Test
    void everyFlagOfEveryModeParsesToTheSameValueInBothForms() throws Exception {
        for (ModeCommand mode : ModeRegistry.standard().all()) {
            FlagTable table = mode.flags();
            List<String> goArgs = new ArrayList<>(List.of("-mode", mode.name()));
            List<String> subArgs = new ArrayList<>();
            for (FlagDef d : table.definitions()) {
                if (d.name().equals("mode")) continue;
                String v = otherValue(d);
                goArgs.add("-" + d.name() + "=" + v);
                if (d.type() == FlagType.BOOL) {
                    subArgs.add("--" + d.name() + "=" + v);
                } else {
                    subArgs.add("--" + d.name());
                    subArgs.add(v);
                }
            }
            ParsedFlags go = GoFlagParser.parse(table, goArgs);
            ParsedFlags sub = SubcommandParser.parse(mode.name(), "", table, subArgs, silent(), silent());
            assertSameFlags(mode.name(), go, sub);
            for (FlagDef d : table.definitions()) {
                if (!d.name().equals("mode")) {
                    assertNotEquals(d.defaultValue(), sub.values().get(d.name()), mode.name() + " -" + d.name());
                }
            }
        }
    }

    private static String otherValue(FlagDef d) {
        return switch (d.type()) {
            case BOOL -> Boolean.toString(!(Boolean) d.defaultValue());
            case INT, INT64 -> Long.toString((Long) d.defaultValue() + 3);
            case FLOAT64 -> GoStrconv.formatFloat((Double) d.defaultValue() + 0.5);
            case STRING -> "v-" + d.name();
            case DURATION -> GoDuration.format(((Duration) d.defaultValue()).plusSeconds(90));
            case STRINGS -> "v-" + d.name();
        };
    }

    private static void assertSameFlags(String mode, ParsedFlags go, ParsedFlags sub) {
        assertEquals(go.values(), sub.values(), mode);
        for (FlagDef d : go.table().definitions()) {
            assertEquals(go.isSet(d.name()), sub.isSet(d.name()), mode + " -" + d.name() + " set");
        }
    }

    /** Record equality, except the per-process nonce a config draws itself (cm's runNonce). */
    private static void assertSameRecord(String where, Object a, Object b) {
        assertEquals(a.getClass(), b.getClass(), where);
        if (!a.getClass().isRecord()) {
            assertEquals(a, b, where);
            return;
        }
        try {
            for (RecordComponent c : a.getClass().getRecordComponents()) {
                if (c.getName().equals("runNonce")) continue;
                Object x = c.getAccessor().invoke(a);
                Object y = c.getAccessor().invoke(b);
                if (x != null && x.getClass().isRecord()) assertSameRecord(where + "." + c.getName(), x, y);
                else assertEquals(x, y, where + "." + c.getName());
            }
        } catch (ReflectiveOperationException e) {
            throw new AssertionError(e);
        }
    }

    private static ParsedFlags runGoForm(ModeCommand mode, List<String> args) {
        List<String> argv = new ArrayList<>(List.of("-mode", mode.name()));
        argv.addAll(args);
        return runRecorded(mode, argv);
    }

    private static ParsedFlags runSubcommandForm(ModeCommand mode, List<String> args) {
        List<String> argv = new ArrayList<>(List.of(mode.name()));
        argv.addAll(args);
        return runRecorded(mode, argv);
    }

    /** Through Main and the validators, into a recording stand-in for the mode. */
    private static ParsedFlags runRecorded(ModeCommand mode, List<String> argv) {
        RecordingCommand rec = new RecordingCommand(mode.name(), mode.flags());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = Main.run(argv.toArray(String[]::new), silent(), new PrintStream(err, true, StandardCharsets.UTF_8),
                ModeRegistry.standard().with(rec), new FakeBrokerLauncher(), false);
        assertEquals(0, code, argv + ": " + err.toString(StandardCharsets.UTF_8));
        return rec.last();
    }

    private static PrintStream silent() {
        return new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
    }
}
