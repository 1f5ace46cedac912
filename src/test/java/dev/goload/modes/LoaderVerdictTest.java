package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The loader-bound verdict over synthetic interval evidence (no clock, no sleeping): a sign counts only with enough
 * samples and only when sustained; broker-failing intervals are not judged.
 */
class LoaderVerdictTest {
    private static final int CORES = 2;

    /** A healthy 1 s interval at 200 req/s: 200 launches, 1 ms lateness p99, 0.2 cores, every push answered. */
    private static LoaderEvidence healthy(int i) {
        return new LoaderEvidence(i, i, i + 1, "load", 0.2, 200, 1.0, 0, 200, 0);
    }

    private static LoaderEvidence late(int i, double p99) {
        return new LoaderEvidence(i, i, i + 1, "load", 0.2, 200, p99, 0, 200, 0);
    }

    private static LoaderVerdict judge(List<LoaderEvidence> intervals, List<List<String>> perInterval) {
        LoaderVerdict v = new LoaderVerdict(LoaderBoundRules.DEFAULTS, CORES);
        for (LoaderEvidence e : intervals) perInterval.add(v.add(e));
        return v;
    }

    @Test
    void aColdFirstIntervalIsNotLoaderBound() {
        List<LoaderEvidence> run = new ArrayList<>();
        run.add(new LoaderEvidence(0, 0, 1, "load", 0.2, 282, 316.42, 0, 176, 0));
        for (int i = 1; i < 10; i++) run.add(healthy(i));
        List<List<String>> warnings = new ArrayList<>();
        LoaderVerdict v = judge(run, warnings);
        assertFalse(v.loaderBound(), v.reasons().toString());
        assertTrue(warnings.stream().allMatch(List::isEmpty), "no interval warns: " + warnings);
    }

    @Test
    void oneLateSampleOfALowRateRunIsNotLoaderBound() {
        // 0.1 request/s: 7 lateness samples over 70 s, one of them 14 ms
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            boolean launch = i % 10 == 0;
            double p99 = i == 30 ? 14.0 : 0.3;
            run.add(new LoaderEvidence(i, i, i + 1, "load", 0.05, launch ? 1 : 0, launch ? p99 : 0, 0,
                    launch ? 1 : 0, 0));
        }
        LoaderVerdict v = judge(run, new ArrayList<>());
        assertFalse(v.loaderBound(), v.reasons().toString());
    }

    @Test
    void aDeadBrokerIsNotLoaderBound() {
        // the broker dies after interval 3: every push fails, the error storm costs CPU and makes the pacer late
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 4; i++) run.add(healthy(i));
        for (int i = 4; i < 12; i++) {
            // failures arrive in bursts, when connects give up: every other interval finishes no push at all
            long finished = i % 2 == 0 ? 960 : 0;
            run.add(new LoaderEvidence(i, i, i + 1, "load", 1.95, 500, 70.0, 3, finished, finished));
        }
        LoaderVerdict v = judge(run, new ArrayList<>());
        assertFalse(v.loaderBound(), v.reasons().toString());
        assertEquals(8, v.brokerFailingIntervals());
    }

    @Test
    void aSustainedLateStretchIsLoaderBoundFromItsThirdInterval() {
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 3; i++) run.add(healthy(i));
        for (int i = 3; i < 6; i++) run.add(late(i, 25.0));
        for (int i = 6; i < 10; i++) run.add(healthy(i));
        List<List<String>> warnings = new ArrayList<>();
        LoaderVerdict v = judge(run, warnings);
        assertTrue(v.loaderBound());
        assertEquals(List.of("first in interval 3: pacer lateness p99 > 10.00 ms in 3 consecutive intervals (3-5)"),
                v.reasons());
        assertTrue(warnings.get(3).isEmpty() && warnings.get(4).isEmpty(), "not sustained yet: " + warnings);
        assertEquals(List.of("pacer lateness p99 25.00 ms > 10.00 ms (200 launches) -- sustained since interval 3 "
                + "(3 consecutive)"), warnings.get(5));
        assertTrue(warnings.get(6).isEmpty());
    }

    @Test
    void intermittentLatenessInAtMostHalfOfTheIntervalsIsNotLoaderBound() {
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 10; i++) run.add(i % 3 == 2 ? healthy(i) : i % 2 == 0 ? late(i, 30) : healthy(i));
        LoaderVerdict v = judge(run, new ArrayList<>());
        assertFalse(v.loaderBound(), v.reasons().toString());
    }

    @Test
    void lateInMoreThanHalfOfAShortRunIsLoaderBound() {
        LoaderVerdict v = judge(List.of(late(0, 40), late(1, 40)), new ArrayList<>());
        assertEquals(List.of("pacer lateness p99 > 10.00 ms in 2 of 2 judged intervals"), v.reasons());
    }

    @Test
    void anIntervalWithTooFewSamplesEndsAStreak() {
        List<LoaderEvidence> run = new ArrayList<>(List.of(late(0, 30), late(1, 30)));
        run.add(new LoaderEvidence(2, 2, 3, "load", 0.2, 50, 30, 0, 50, 0)); // 50 < 100 samples: not judged
        run.add(late(3, 30));
        for (int i = 4; i < 8; i++) run.add(healthy(i));
        LoaderVerdict v = judge(run, new ArrayList<>());
        assertFalse(v.loaderBound(), "2 + 1 late intervals, never 3 in a row, 3 of 7 judged: " + v.reasons());
    }

    @Test
    void sustainedCpuIsLoaderBoundButAShortIntervalIsNotJudged() {
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 5; i++) run.add(new LoaderEvidence(i, i, i + 1, "load", 1.85, 200, 1, 0, 200, 0));
        LoaderVerdict v = judge(run, new ArrayList<>());
        assertEquals(List.of("first in interval 0: loader CPU >= 90 % of the cores in 3 consecutive intervals (0-2)"),
                v.reasons());

        LoaderVerdict shortOnly = judge(List.of(new LoaderEvidence(0, 0, 0.2, "drain", 1.99, 0, 0, 0, 0, 0)),
                new ArrayList<>());
        assertFalse(shortOnly.loaderBound(), "0.2 s of CPU says nothing");
    }

    @Test
    void behindShedsOfOnePercentOfTheRequestsAreLoaderBound() {
        // one 700 ms stall with -behind-ms 100 at 200 req/s: 40 of 400 requests shed as behind
        LoaderEvidence stall = new LoaderEvidence(0, 0, 1, "load", 0.2, 160, 600, 40, 160, 0);
        LoaderVerdict v = judge(List.of(stall, healthy(1)), new ArrayList<>());
        assertEquals(List.of("pacer fell behind schedule (requests shed as behind): 40 of 400 requests (10.0 %)"),
                v.reasons());

        List<LoaderEvidence> longRun = new ArrayList<>();
        longRun.add(new LoaderEvidence(0, 0, 1, "load", 0.2, 199, 2, 1, 199, 0));
        for (int i = 1; i < 100; i++) longRun.add(healthy(i));
        assertFalse(judge(longRun, new ArrayList<>()).loaderBound(), "1 of 20 000 requests is no loader limit");
    }

    @Test
    void aGenuinelyLoaderBoundRunIsFlaggedWithEverySustainedSign() {
        List<LoaderEvidence> run = new ArrayList<>();
        for (int i = 0; i < 6; i++) run.add(new LoaderEvidence(i, i, i + 1, "load", 1.97, 900, 48, 100, 900, 0));
        LoaderVerdict v = judge(run, new ArrayList<>());
        assertEquals(3, v.reasons().size(), v.reasons().toString());
        assertTrue(v.reasons().get(0).contains("loader CPU"));
        assertTrue(v.reasons().get(1).contains("behind"));
        assertTrue(v.reasons().get(2).contains("lateness"));
    }
}
