package dev.goload.modes;

import dev.goload.modes.LoaderBoundRules.Sign;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The run-level loader-bound verdict over a sequence of intervals, fed one {@link LoaderEvidence} at a time: the
 * run's reporter feeds every interval as it ends; the ceiling ladder feeds only the intervals of its steady window.
 * A sign ({@link LoaderBoundRules}) makes the stretch loader-bound when it is <em>sustained</em>:
 * <ol>
 *   <li>it holds in {@code sustainIntervals} consecutive intervals in which it could be judged (an interval where
 *       it cannot be judged — too few samples, broker-failing — ends the streak); or</li>
 *   <li>it holds in more than half of the intervals in which it could be judged (short runs, intermittent limits);
 *       or</li>
 *   <li>for {@link Sign#BEHIND}: the requests shed as behind are at least {@link #BEHIND_SHARE} of the pacer's
 *       decisions over the intervals that are not broker-failing (each one is offered load the loader failed to send),
 *       counted once those decisions reach {@code minPacerSamples}.</li>
 * </ol>
 *
 * <p>Not thread-safe: one reporting thread.
 */
public final class LoaderVerdict {
    /** Share of the pacer's decisions shed as behind that makes a stretch loader-bound by itself. */
    public static final double BEHIND_SHARE = 0.01;

    private final LoaderBoundRules rules;
    private final int cores;
    private final Map<Sign, Integer> streak = new EnumMap<>(Sign.class);
    private final Map<Sign, Integer> streakStart = new EnumMap<>(Sign.class);
    private final Map<Sign, Integer> judged = new EnumMap<>(Sign.class);
    private final Map<Sign, Integer> shown = new EnumMap<>(Sign.class);
    /** The first sustained streak of each sign, in the order they were found (insertion order). */
    private final Map<Sign, String> sustained = new LinkedHashMap<>();
    private long decisions;
    private long behind;
    private int intervals;
    private int brokerFailing;

    public LoaderVerdict(LoaderBoundRules rules, int cores) {
        this.rules = rules;
        this.cores = cores;
        for (Sign s : Sign.values()) {
            streak.put(s, 0);
            judged.put(s, 0);
            shown.put(s, 0);
        }
    }

    /**
     * Judges the next interval.
     *
     * @return this interval's reasons when it belongs to a sustained streak (what the console warns about), else
     *     empty
     */
    public List<String> add(LoaderEvidence e) {
        intervals++;
        if (rules.brokerFailing(e)) brokerFailing++;
        Set<Sign> signs = rules.signs(e, cores);
        if (!rules.brokerFailing(e)) {
            decisions += e.pacerDecisions();
            behind += e.shedBehind();
        }
        List<String> out = new ArrayList<>(1);
        for (Sign s : Sign.values()) {
            if (!rules.judgeable(s, e) || !signs.contains(s)) {
                if (rules.judgeable(s, e)) judged.merge(s, 1, Integer::sum);
                streak.put(s, 0);
                continue;
            }
            judged.merge(s, 1, Integer::sum);
            shown.merge(s, 1, Integer::sum);
            int n = streak.merge(s, 1, Integer::sum);
            if (n == 1) streakStart.put(s, e.index());
            if (n >= rules.sustainIntervals()) {
                int from = streakStart.get(s);
                out.add(rules.describe(s, e, cores) + sinceText(from, e.index()));
                if (!sustained.containsKey(s)) {
                    sustained.put(s, "first in interval " + from + ": " + rules.rule(s) + " in "
                            + rules.sustainIntervals() + " consecutive intervals (" + from + "-" + e.index() + ")");
                }
            }
        }
        return out;
    }

    private String sinceText(int from, int index) {
        return rules.sustainIntervals() == 1 ? "" : " -- sustained since interval " + from + " (" + (index - from + 1)
                + " consecutive)";
    }

    /** The reasons the stretch judged so far is loader-bound; empty when it is not. */
    public List<String> reasons() {
        List<String> out = new ArrayList<>(sustained.values());
        for (Sign s : Sign.values()) {
            if (sustained.containsKey(s)) continue;
            int j = judged.get(s);
            int n = shown.get(s);
            if (j > 0 && 2 * n > j) {
                out.add(rules.rule(s) + " in " + n + " of " + j + " judged intervals");
            } else if (s == Sign.BEHIND && decisions >= rules.minPacerSamples() && behind >= BEHIND_SHARE * decisions
                    && behind > 0) {
                out.add(String.format(Locale.ROOT, "%s: %d of %d requests (%.1f %%)", rules.rule(s), behind, decisions,
                        100.0 * behind / decisions));
            }
        }
        return out;
    }

    public boolean loaderBound() {
        return !reasons().isEmpty();
    }

    /** Intervals fed so far. */
    public int intervals() {
        return intervals;
    }

    /** Intervals not judged because the broker failed most push requests in them. */
    public int brokerFailingIntervals() {
        return brokerFailing;
    }
}
