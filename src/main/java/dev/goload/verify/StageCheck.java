package dev.goload.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;

/**
 * The ordered-delivery rule for one stage, fed one {@code (prop, seq)} at a time in the order the stage applied
 * them (goload-behavior.md §3.2):
 * <ul>
 *   <li>a (prop, seq) already seen is a duplicate (a redelivery), ignored for order;</li>
 *   <li>a first occurrence below the property's frontier (highest first occurrence so far) is an ordering
 *       violation;</li>
 *   <li>after the log: every seq in {@code [base, frontier]} that never appeared is a gap — a real loss, because
 *       a higher seq of the same property did arrive; seqs above the frontier up to the produced maximum are in
 *       flight at the cutoff;</li>
 *   <li>every property of {@code produced.meta} is examined, so a property that never reached the stage is
 *       reported as absent instead of silently skipped.</li>
 * </ul>
 * Memory: one bitmap per property (1 bit per sequence); a stage is checked and released before the next.
 * Not thread-safe.
 */
public final class StageCheck {
    private static final int MAX_SAMPLES = 8;

    private final CmStage stage;
    private final SortedMap<Integer, Long> produced;
    private final Map<Integer, Prop> props = new HashMap<>();
    private final List<String> samples = new ArrayList<>();
    private long msgs, unique, dups, viols, malformed;

    private static final class Prop {
        final SeqSet seen;
        long frontier = -1;

        Prop(long expectedMax) {
            seen = new SeqSet(expectedMax);
        }
    }

    /** @param produced the stage's flow from {@code produced.meta}: property → highest produced seq */
    public StageCheck(CmStage stage, SortedMap<Integer, Long> produced) {
        this.stage = stage;
        this.produced = produced;
    }

    public void accept(int prop, long seq) {
        if (prop < 0 || seq < 0) {
            malformed++;
            return;
        }
        msgs++;
        Prop p = props.computeIfAbsent(prop, k -> new Prop(produced.getOrDefault(k, 0L)));
        if (!p.seen.add(seq)) {
            dups++;
            return;
        }
        unique++;
        if (seq < p.frontier) {
            viols++;
            sample("viol prop=" + prop + " prev=" + p.frontier + " got=" + seq);
        } else {
            p.frontier = seq;
        }
    }

    public void malformedLine() {
        malformed++;
    }

    /**
     * @param base        lowest sequence of every property (0 with warm-up)
     * @param ackErr      failed acks attributed to this stage
     */
    public CmStageRow finish(int base, long ackErr) {
        long gaps = 0, inflight = 0, absent = 0, beyond = 0;
        List<Integer> ordered = new ArrayList<>(props.keySet());
        java.util.Collections.sort(ordered);
        for (int prop : ordered) {
            Prop p = props.get(prop);
            long frontier = p.frontier;
            long inRange = p.seen.countBetween(base, frontier);
            long missing = Math.max(0, frontier - base + 1 - inRange);
            if (missing > 0) {
                gaps += missing;
                sample("gap prop=" + prop + " missing=" + missing + " first-missing=" + p.seen.firstAbsent(base, frontier));
            }
            long max = produced.getOrDefault(prop, 0L);
            if (max > frontier) inflight += max - frontier;
            if (frontier > max) beyond += p.seen.countBetween(max + 1, frontier);
        }
        for (var e : produced.entrySet()) {
            if (e.getValue() >= base && !props.containsKey(e.getKey())) {
                absent++;
                sample("absent prop=" + e.getKey() + " produced-max=" + e.getValue());
                if (base > 0) inflight += e.getValue() - base + 1;
            }
        }
        // With warm-up (base 0) seq 0 of every property crossed every stage before the rated load began, so a
        // property missing from a stage is lost; without it, a property first produced at the cutoff may still
        // be in flight.
        return new CmStageRow(stage, null, msgs, unique, dups, gaps, viols, inflight, absent, base == 0, beyond,
                malformed, ackErr, samples);
    }

    /**
     * The first {@code max} gaps as {@code {prop, seq, witness}}, property by property: {@code witness} is the nearest
     * lower seq of the same property this stage applied (the broker stored it before the missing one: one property
     * is pushed in seq order), -1 when none. Call after the log was fed.
     */
    public List<long[]> gaps(long base, int max) {
        List<long[]> out = new ArrayList<>();
        List<Integer> ordered = new ArrayList<>(props.keySet());
        java.util.Collections.sort(ordered);
        for (int prop : ordered) {
            Prop p = props.get(prop);
            long witness = -1;
            for (long s = base; s <= p.frontier && out.size() < max; s++) {
                if (p.seen.contains(s)) {
                    witness = s;
                } else {
                    out.add(new long[] {prop, s, witness});
                }
            }
        }
        return out;
    }

    private void sample(String s) {
        if (samples.size() < MAX_SAMPLES) samples.add(s);
    }
}
