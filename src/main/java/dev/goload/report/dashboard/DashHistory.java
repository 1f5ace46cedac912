package dev.goload.report.dashboard;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The dashboard's bounded history of a run of any length: the newest {@code fineCap} intervals one point each, and
 * everything older in at most {@code coarseCap} groups of {@link #width()} adjacent intervals each, merged exactly
 * ({@link DashPoint#absorb}: counts summed, histograms added). When the coarse groups would pass {@code coarseCap},
 * adjacent pairs are merged and the width doubles, so memory stays at most {@code fineCap + coarseCap} points whatever
 * the run's length: a 24-hour run at {@code -report 1} (86,400 intervals) with the defaults holds 240 one-second
 * points and at most 240 groups of 512 intervals.
 *
 * <p>Every coarse group but the newest holds exactly {@link #width()} intervals; the newest may hold fewer. No
 * interval is ever dropped or sampled. Not thread-safe: the dashboard's own thread owns it.
 */
final class DashHistory {
    static final int DEFAULT_FINE = 240;
    static final int DEFAULT_COARSE = 240;

    private final int fineCap;
    private final int coarseCap;
    private final ArrayDeque<DashPoint> fine = new ArrayDeque<>();
    private final List<DashPoint> coarse = new ArrayList<>();
    private int width = 1;
    private long added;

    DashHistory(int fineCap, int coarseCap) {
        if (fineCap < 1 || coarseCap < 2) throw new IllegalArgumentException("fineCap >= 1, coarseCap >= 2");
        this.fineCap = fineCap;
        this.coarseCap = coarseCap;
    }

    /** Adds the next interval's point; returns true when the coarse part changed (a point aged out of the fine part). */
    boolean add(DashPoint p) {
        added++;
        fine.addLast(p);
        if (fine.size() <= fineCap) return false;
        age(fine.removeFirst());
        return true;
    }

    private void age(DashPoint p) {
        DashPoint open = coarse.isEmpty() ? null : coarse.getLast();
        if (open != null && open.count + p.count <= width) {
            open.absorb(p);
        } else {
            coarse.add(p);
        }
        if (coarse.size() > coarseCap) compact();
    }

    /** Merges adjacent pairs of groups (0+1, 2+3, …) and doubles the width. */
    private void compact() {
        List<DashPoint> merged = new ArrayList<>(coarse.size() / 2 + 1);
        for (int i = 0; i < coarse.size(); i += 2) {
            DashPoint a = coarse.get(i);
            if (i + 1 < coarse.size()) a.absorb(coarse.get(i + 1));
            merged.add(a);
        }
        coarse.clear();
        coarse.addAll(merged);
        width *= 2;
    }

    /** Oldest first: the coarse groups, then the fine points. */
    List<DashPoint> points() {
        List<DashPoint> all = new ArrayList<>(coarse.size() + fine.size());
        all.addAll(coarse);
        all.addAll(fine);
        return all;
    }

    /** The intervals per coarse group (1 until the first compaction). */
    int width() {
        return width;
    }

    int fineCap() {
        return fineCap;
    }

    int size() {
        return coarse.size() + fine.size();
    }

    /** Intervals added so far. */
    long added() {
        return added;
    }
}
