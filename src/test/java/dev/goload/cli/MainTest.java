package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class MainTest {
    private final ByteArrayOutputStream outBuf = new ByteArrayOutputStream();
    private final ByteArrayOutputStream errBuf = new ByteArrayOutputStream();
    private final FakeBrokerLauncher launcher = new FakeBrokerLauncher();
    private RecordingCommand openloop;
    private RecordingCommand max;
    private ModeRegistry registry;

    @BeforeEach
    void setUp() {
        openloop = new RecordingCommand("openloop", FlagTables.openloop());
        max = new RecordingCommand("max", FlagTables.max());
        registry = ModeRegistry.standard().with(openloop).with(max);
    }

    private int run(String... args) {
        return Main.run(args, new PrintStream(outBuf, true, StandardCharsets.UTF_8),
                new PrintStream(errBuf, true, StandardCharsets.UTF_8), registry, launcher, false);
    }

    private String out() { return outBuf.toString(StandardCharsets.UTF_8); }
    private String err() { return errBuf.toString(StandardCharsets.UTF_8); }

    @Test
    void unknownModePrintsTheReferenceMessageAndExits2() {
        assertEquals(2, run("-mode", "bogus", "-rate", "5"));
        assertEquals("goload: unknown -mode \"bogus\" (want: max | app | openloop | cm | cloud | provision | order)\n",
                err());
        assertEquals("", out());
    }

    @Test
    void unknownModeIsGoQuoted() {
        assertEquals(2, run("--mode=a\"b"));
        assertTrue(err().startsWith("goload: unknown -mode \"a\\\"b\" "), err());
    }

    @Test
    void tenantsIsAcceptedAlthoughNotListed() {
        assertEquals(0, run("-mode", "tenants", "-h"));
        assertTrue(err().contains("-queues-per-tenant"), err());
    }

    @Test
    void noArgumentsRunsMaxWithDefaults() {
        assertEquals(0, run());
        assertEquals(100, max.last().getLong("partitions"));
    }

    @Test
    void modeHelpPrintsUsageOnStderrAndExits0() {
        assertEquals(0, run("-mode", "max", "-h"));
        assertTrue(err().startsWith("Usage of goload -mode max:\n  -ack-async\n"), err());
        assertEquals("", out());
        assertTrue(max.runs.isEmpty());
    }

    @Test
    void helpWithoutModeButAfterOtherFlagsIsMaxUsageAsInGo() {
        assertEquals(0, run("-producers", "5", "-h"));
        assertTrue(err().startsWith("Usage of goload -mode max:\n"), err());
    }

    @Test
    void helpFirstWithoutModePrintsTheOverview() {
        for (String h : List.of("-h", "-help", "--help")) {
            errBuf.reset();
            assertEquals(0, run(h));
            assertTrue(err().contains("goload <mode> [--flag value...] [@argfile...]"), err());
            assertTrue(err().contains("goload -mode <mode> [-flag value...]"), err());
            assertTrue(err().contains("completion"), err());
            assertTrue(err().contains("openloop"), err());
            assertTrue(err().contains("broker"), err());
            assertTrue(err().contains("demo"), err());
            assertTrue(err().contains("version"), err());
        }
    }

    @Test
    void helpCommandPrintsOverviewOrAModesFlagsOnStdout() {
        assertEquals(0, run("help"));
        assertTrue(out().contains("tenants"), out());
        assertTrue(out().contains("channel-manager two-flow"), "each mode's registry summary: " + out());
        outBuf.reset();
        assertEquals(0, run("help", "cloud"));
        assertTrue(out().startsWith("Usage: goload cloud [--flag[=value]...]"), "the subcommand form's help: " + out());
        assertEquals(2, run("help", "nope"));
    }

    @Test
    void flagErrorsPrintGoTextThenUsageAndExit2() {
        assertEquals(2, run("-mode", "openloop", "-rate", "abc"));
        assertTrue(err().startsWith("invalid value \"abc\" for flag -rate: parse error\nUsage of goload -mode openloop:\n"),
                err());
        assertTrue(openloop.runs.isEmpty());
    }

    @Test
    void undefinedFlagExits2() {
        assertEquals(2, run("-mode", "openloop", "-producers", "5"));
        assertTrue(err().startsWith("flag provided but not defined: -producers\n"), err());
    }

    @Test
    void openloopValidationUsesTheReferenceMessages() {
        assertValidation("goload -mode openloop: -rate must be > 0 (total offered msg/s)", "-mode", "openloop");
        assertValidation("goload -mode openloop: -push-batch must be > 0",
                "-mode", "openloop", "-rate", "5", "-push-batch", "0");
        assertValidation("goload -mode openloop: -max-inflight must be > 0",
                "-mode", "openloop", "-rate", "5", "-max-inflight", "-1");
        assertValidation("goload -mode openloop: -partitions must be > 0",
                "-mode", "openloop", "-rate", "5", "-partitions", "0");
        assertValidation("goload -mode openloop: -arrival must be uniform or poisson (got \"burst\")",
                "-mode", "openloop", "-rate", "5", "-arrival", "burst");
        assertValidation("goload -mode openloop: -active-policy must be rotate or scatter (got \"x\")",
                "-mode", "openloop", "-rate", "5", "-active-policy", "x");
        assertValidation("goload -mode openloop: -pop-autopilot must be off or on (got \"auto\")",
                "-mode", "openloop", "-rate", "5", "-pop-autopilot", "auto");
        assertTrue(openloop.runs.isEmpty());
    }

    @Test
    void otherModesValidateTheirFlags() {
        assertValidation("goload -mode max: -partitions must be > 0", "-partitions", "0");
        assertValidation("goload -mode provision: -tenants must be in 1..10000", "-mode", "provision", "-tenants", "0");
        assertValidation("goload -mode cloud: -target must be proxy or broker (got \"x\")",
                "-mode", "cloud", "-target", "x", "-rate", "5");
        assertValidation("goload -mode cloud: set -rate (total msg/s) or -per-tenant-rate", "-mode", "cloud");
        assertValidation("goload -mode cm: -rate-events must be > 0", "-mode", "cm");
    }

    private void assertValidation(String message, String... args) {
        errBuf.reset();
        assertEquals(2, run(args), message);
        assertEquals(message + "\n", err());
    }

    @Test
    void validFlagsReachTheCommandAndItsExitCodeIsReturned() {
        openloop.exitCode = 3;
        assertEquals(3, run("-mode", "openloop", "-rate", "600000", "-push-batch", "100", "-pop-wait=false"));
        ParsedFlags f = openloop.last();
        assertEquals(600000, f.getLong("rate"));
        assertEquals(100, f.getLong("push-batch"));
        assertEquals(List.of(), f.positional());
    }

    @Test
    void subcommandFormBuildsTheGoFormsFlags() {
        assertEquals(0, run("openloop", "--rate", "5", "-push-batch=100", "--pop-wait=false"));
        assertEquals(0, run("-mode", "openloop", "-rate", "5", "--push-batch", "100", "--pop-wait=false", "extra"));
        assertEquals(2, openloop.runs.size());
        assertEquals(openloop.runs.get(1).values(), openloop.runs.get(0).values());
        assertEquals(List.of("extra"), openloop.runs.get(1).positional(), "the Go form keeps ignoring positionals");
    }

    @Test
    void subcommandFormRejectsAConflictingMode() {
        assertEquals(2, run("openloop", "-mode", "cloud"));
        assertTrue(err().startsWith("goload openloop: conflicting modes: subcommand \"openloop\" but -mode \"cloud\"\n"),
                err());
        errBuf.reset();
        assertEquals(2, run("openloop", "--rate", "1", "--mode=max"));
        assertTrue(err().contains("conflicting modes"), err());
        assertEquals(0, run("openloop", "-mode", "openloop", "-rate", "1"));
    }

    @Test
    void commandExceptionsMapToExitCodes() {
        openloop.toThrow = new IllegalArgumentException("-idle-conns too large");
        assertEquals(2, run("openloop", "-rate", "1"));
        openloop.toThrow = new IllegalStateException("client init failed");
        assertEquals(1, run("openloop", "-rate", "1"));
        assertTrue(err().contains("goload -mode openloop: client init failed"), err());
    }

    @Test
    void anIllegalArgumentFromTheRunningEngineIsAnInternalErrorNotAUsageError() {
        openloop.toThrow = new IllegalArgumentException("index out of range in the pacer");
        openloop.throwAfterRunBegins = true;
        assertEquals(1, run("openloop", "-rate", "1"));
        assertTrue(err().contains("goload -mode openloop: internal error: java.lang.IllegalArgumentException: index out of range"),
                err());
        openloop.throwAfterRunBegins = false;
        assertEquals(2, run("openloop", "-rate", "1"), "the next command starts in setup again");
    }

    @Test
    void embeddedStartsTheBrokerPointsUrlAtItAndClosesIt() {
        assertEquals(0, run("-mode", "openloop", "-rate", "5", "-embedded", "-url", "http://elsewhere:1"));
        assertEquals(List.of(BrokerLauncher.Settings.loopbackFreePort()), launcher.started);
        assertEquals("http://127.0.0.1:45678", openloop.last().getString("url"));
        assertEquals(1, launcher.closes.get());
    }

    @Test
    void embeddedBrokerIsClosedWhenTheModeThrows() {
        openloop.toThrow = new IllegalStateException("boom");
        assertEquals(1, run("-mode", "openloop", "-rate", "5", "-embedded"));
        assertEquals(1, launcher.closes.get());
    }

    @Test
    void embeddedStartFailureExits1WithoutRunningTheMode() {
        launcher.fail = true;
        assertEquals(1, run("-mode", "openloop", "-rate", "5", "-embedded"));
        assertTrue(err().contains("cannot start the embedded broker: port in use"), err());
        assertTrue(openloop.runs.isEmpty());
    }

    @Test
    void withoutEmbeddedNoBrokerStarts() {
        assertEquals(0, run("-mode", "openloop", "-rate", "5", "-embedded=false"));
        assertTrue(launcher.started.isEmpty());
        assertEquals("http://127.0.0.1:6632", openloop.last().getString("url"));
    }

    @Test
    void demoDelegatesToOpenloopWithItsFixedShapeAndUserOverrides() {
        assertEquals(0, run("demo", "-rate", "500"));
        ParsedFlags f = openloop.last();
        assertEquals(500, f.getLong("rate"));
        assertEquals(100, f.getLong("push-batch"));
        assertEquals(16, f.getLong("partitions"));
        assertEquals(4, f.getLong("consumers"));
        assertEquals(15, f.getLong("duration"));
        assertEquals(1, f.getLong("report"));
        assertTrue(f.getBool("embedded"));
        assertEquals("http://127.0.0.1:45678", f.getString("url"));
        assertEquals(1, launcher.closes.get());
    }

    @Test
    void demoArgsEqualTheDocumentedCommandLine() throws Exception {
        ParsedFlags demo = GoFlagParser.parse(DemoCommand.flags(), "--duration=30");
        assertEquals(List.of("-mode", "openloop", "-embedded", "-rate", "20000", "-push-batch", "100",
                "-partitions", "16", "-consumers", "4", "-ramp-sec", "3", "-pop-wait", "-duration", "30", "-report", "1"),
                DemoCommand.openloopArgs(demo));
    }

    @Test
    void demoRejectsUnknownFlags() {
        assertEquals(2, run("demo", "-push-batch", "5"));
        assertTrue(err().startsWith("flag provided but not defined: -push-batch\nUsage of goload demo:"), err());
    }

    @Test
    void brokerCommandParsesGoFlagsAndAnnouncesItsUrl() {
        assertEquals(0, run("broker", "-port", "7000", "-host=127.0.0.2", "-tenancy-header=false",
                "--response-delay-ms", "5"));
        assertEquals(List.of(new BrokerLauncher.Settings("127.0.0.2", 7000, false, 5)), launcher.started);
        assertEquals("goload broker listening on http://127.0.0.2:7000\n", out());
        assertEquals(1, launcher.closes.get());
    }

    @Test
    void brokerCommandTakesAnIdleTimeoutOffByDefault() {
        assertEquals(0, run("broker", "-idle-timeout", "300ms"));
        assertEquals(0, run("broker", "-idle-timeout", "10s"));
        assertEquals(List.of(new BrokerLauncher.Settings("127.0.0.1", 6632, true, 0, 300),
                new BrokerLauncher.Settings("127.0.0.1", 6632, true, 0, 10_000)), launcher.started);
        assertEquals(2, run("broker", "-idle-timeout", "-1s"));
        assertTrue(err().contains("goload broker: -idle-timeout must be >= 0, got -1s"), err());
    }

    @Test
    void brokerCommandDefaultsToTheQueenPort() {
        assertEquals(0, run("broker"));
        assertEquals(List.of(new BrokerLauncher.Settings("127.0.0.1", 6632, true, 0)), launcher.started);
        assertEquals(2, run("broker", "-port", "70000"));
    }

    @Test
    void versionPrintsAVersion() {
        assertEquals(0, run("version"));
        assertTrue(out().matches("goload \\S+\n"), out());
    }
}
