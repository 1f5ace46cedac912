package dev.goload.modes.app;

import java.util.SplittableRandom;

/**
 * Zipf-distributed ranks in {@code [0, imax]} with P(k) ∝ (v + k)^−s, v = 1: Go's {@code rand.Zipf} (rejection
 * inversion, Hörmann &amp; Derflinger 1996) ported line for line, so the reference's session skew is reproduced.
 * A skew ≤ 1 or {@code imax < 1} falls back to uniform choice, as the reference does.
 *
 * <p>Deterministic for a given seed. Not thread-safe: one per producer.
 */
public final class ZipfSampler {
    private final SplittableRandom random;
    private final long imaxL;
    private final boolean uniform;
    private final double imax;
    private final double v = 1.0;
    private final double q;
    private final double oneMinusQ;
    private final double oneMinusQInv;
    private final double hxm;
    private final double hx0MinusHxm;
    private final double s;

    public ZipfSampler(double skew, long imax, long seed) {
        this.random = new SplittableRandom(seed);
        this.imaxL = Math.max(0, imax);
        this.uniform = !(skew > 1.0) || imax < 1;
        this.imax = imaxL;
        this.q = skew;
        this.oneMinusQ = 1.0 - q;
        this.oneMinusQInv = 1.0 / oneMinusQ;
        if (uniform) {
            hxm = hx0MinusHxm = s = 0;
        } else {
            hxm = h(this.imax + 0.5);
            hx0MinusHxm = h(0.5) - Math.exp(Math.log(v) * -q) - hxm;
            s = 1 - hinv(h(1.5) - Math.exp(-q * Math.log(v + 1.0)));
        }
    }

    private double h(double x) {
        return Math.exp(oneMinusQ * Math.log(v + x)) * oneMinusQInv;
    }

    private double hinv(double x) {
        return Math.exp(oneMinusQInv * Math.log(oneMinusQ * x)) - v;
    }

    /** The next rank, 0 being the most likely. */
    public long next() {
        if (uniform) {
            return imaxL == 0 ? 0 : random.nextLong(imaxL + 1);
        }
        double k;
        while (true) {
            double r = random.nextDouble();
            double ur = hxm + r * hx0MinusHxm;
            double x = hinv(ur);
            k = Math.floor(x + 0.5);
            if (k - x <= s) {
                break;
            }
            if (ur >= h(k + 0.5) - Math.exp(-Math.log(k + v) * q)) {
                break;
            }
        }
        return Math.min(imaxL, (long) k);
    }
}
