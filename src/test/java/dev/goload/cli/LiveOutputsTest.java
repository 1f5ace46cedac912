package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.report.ProgressLine;
import dev.goload.report.metrics.Exposition;
import dev.goload.report.metrics.MetricsExporter;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The result flags' live outputs: which listeners a command line gives, the shard label, bad addresses. */
class LiveOutputsTest {
    private static final java.util.function.Predicate<dev.goload.modes.run.IntervalSnapshot<?>> EVERY =
            ProgressLine.EVERY_INTERVAL;

    private static ParsedFlags parse(String... args) {
        FlagTable t = FlagTables.addResultFlags(ShardFlags.add(FlagTables.newModeTable("openloop")));
        try {
            return GoFlagParser.parse(t, List.of(args));
        } catch (FlagParseException | HelpRequestedException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aFiniteRunGetsTheProgressLineUnlessTurnedOffAndNoEndpointUnlessAsked() throws Exception {
        var out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (LiveOutputs l = LiveOutputs.start(parse(), "r", "openloop", 60, EVERY, out, out)) {
            assertEquals(1, l.listeners().size());
            assertTrue(l.listeners().get(0) instanceof ProgressLine);
            assertEquals(null, l.metricsUrl());
        }
        try (LiveOutputs l = LiveOutputs.start(parse("-progress=false"), "r", "openloop", 60, EVERY, out, out)) {
            assertEquals(List.of(), l.listeners());
        }
        try (LiveOutputs l = LiveOutputs.start(parse(), "r", "openloop", 0, EVERY, out, out)) {
            assertEquals(List.of(), l.listeners(), "a run until SIGINT has no progress to tell");
        }
    }

    @Test
    void theEndpointIsAnnouncedOnStderrAndLabelsTheShard() throws Exception {
        var err = new ByteArrayOutputStream();
        var errPs = new PrintStream(err, true, StandardCharsets.UTF_8);
        var out = new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8);
        try (LiveOutputs l = LiveOutputs.start(parse("-metrics-addr", "127.0.0.1:0", "-shard", "1/3"), "run-s",
                "openloop", 60, EVERY, out, errPs)) {
            assertTrue(l.listeners().get(l.listeners().size() - 1) instanceof MetricsExporter, "after the progress line");
            assertEquals("[metrics] serving " + l.metricsUrl() + "\n", err.toString(StandardCharsets.UTF_8));
            Exposition e = Exposition.scrape(l.metricsUrl(), Exposition.PROMETHEUS_TEXT);
            assertEquals(0, e.value("goload_offered_requests_total", "shard", "1/3", "run_id", "run-s"));
        }
    }

    @Test
    void aMalformedAddressOrLingerIsACommandLineProblem() {
        assertEquals(Optional.empty(), LiveOutputs.check(parse("-metrics-addr", ":9464")));
        assertTrue(LiveOutputs.check(parse("-metrics-addr", "9464")).orElseThrow().startsWith("-metrics-addr wants"));
        assertTrue(LiveOutputs.check(parse("-metrics-addr", ":0", "-metrics-linger", "-1s")).orElseThrow()
                .startsWith("-metrics-linger"));
    }

    @Test
    void aBadAddressExitsTwoBeforeTheRunStarts() {
        MainRun r = MainRun.of("-mode", "openloop", "-embedded", "-rate", "10", "-metrics-addr", "nope");
        assertEquals(2, r.code(), r.toString());
        assertTrue(r.err().contains("goload -mode openloop: -metrics-addr wants HOST:PORT"), r.err());
        assertTrue(!r.err().contains("[embedded]"), "before the broker starts: " + r.err());
    }
}
