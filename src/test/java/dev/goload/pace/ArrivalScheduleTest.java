package dev.goload.pace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

    @Test
    void uniformSpacingIsExact() {
        var s = ArrivalSchedule.uniform(new RateCurve(4000, 0));
        for (int k = 0; k < 10_000; k++) {
            assertEquals(k * 250_000L, s.nextOffsetNanos());
        }
    }

    @Test
    void secondsAtInvertsTheReferenceCurve() {
        double rps = 333.3;
        double ramp = 7.5;
        var c = new RateCurve(rps, ramp);
        for (double x : new double[] {0, 1, 17, 1249, 1250, 1251, 99_999}) {
            double t = c.secondsAt(x);
            // F(t) of goload-behavior.md §1.6 A: rps·t²/(2R) during the ramp, rps·(t − R/2) after it.
            double owed = t < ramp ? rps * t * t / (2 * ramp) : rps * (t - ramp / 2);
            assertEquals(x, owed, 1e-6 * Math.max(1, x));
        }
    }

    @Test
    void poissonIsMonotonicAndHoldsTheMeanRate() {
        var s = ArrivalSchedule.poisson(new RateCurve(1000, 0), 42);
        long prev = s.nextOffsetNanos();
        assertEquals(0, prev);
        int n = 200_000;
        long last = 0;
        for (int i = 1; i < n; i++) {
            last = s.nextOffsetNanos();
            assertTrue(last >= prev);
            prev = last;
        }
        double seconds = last / 1e9;
        // Expected ~200 s; the standard deviation of the sum of 2e5 unit exponentials is ~0.22% of it.
        assertEquals(200.0, seconds, 2.0);
    }

    @Test
    void poissonGapsAreExponential() {
        var s = ArrivalSchedule.poisson(new RateCurve(1000, 0), 7);
        long prev = s.nextOffsetNanos();
        int n = 100_000;
        int shorterThanMean = 0;
        for (int i = 0; i < n; i++) {
            long t = s.nextOffsetNanos();
            if (t - prev < 1_000_000) {
                shorterThanMean++;
            }
            prev = t;
        }
        // P(gap < mean) = 1 - 1/e = 0.632 for an exponential; a uniform schedule would give 0 here.
        assertEquals(0.632, shorterThanMean / (double) n, 0.01);
    }

    @Test
    void theSameSeedGivesTheSamePoissonScheduleAndAnotherSeedDoesNot() {
        RateCurve curve = new RateCurve(1000, 2);
        var a = ArrivalSchedule.poisson(curve, 99);
        var b = ArrivalSchedule.poisson(curve, 99);
        var c = ArrivalSchedule.poisson(curve, 100);
        boolean differs = false;
        for (int k = 0; k < 5_000; k++) {
            long x = a.nextOffsetNanos();
            assertEquals(x, b.nextOffsetNanos(), "arrival " + k);
            differs |= x != c.nextOffsetNanos();
        }
        assertTrue(differs, "a different seed draws a different schedule");
    }

    @Test
    void rejectsNonPositiveRate() {
        assertThrows(IllegalArgumentException.class, () -> new RateCurve(0, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateCurve(Double.NaN, 0));
        assertThrows(IllegalArgumentException.class, () -> new RateCurve(10, -1));
    }
}
