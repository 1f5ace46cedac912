package dev.goload.report.html;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Two or more runs of one mode, side by side: the headline figures with their differences from the first run, what
 * differs in their configuration (flags), host and broker identity, and (see {@link CompareHtml}) their timelines
 * and percentile distributions overlaid on shared axes. Immutable.
 */
public final class Comparison {
    /** Flags that name a run rather than configure it: always different, never called out. */
    static final Set<String> NAMING_FLAGS = Set.of("run-id", "out");

    /** Runs that cannot be compared (the command exits 2 with the message). */
    public static final class Refused extends Exception {
        public Refused(String message) {
            super(message);
        }
    }

    private final List<RunData> runs;
    private final List<String> names;

    private Comparison(List<RunData> runs) {
        this.runs = List.copyOf(runs);
        List<String> n = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) n.add(String.valueOf((char) ('A' + i)));
        this.names = List.copyOf(n);
    }

    /** Loads the runs at {@code paths}; refuses fewer than two, ladders, too many, or runs of different modes. */
    public static Comparison load(List<Path> paths) throws Refused, RunFiles.NotARun, IOException {
        if (paths.size() < 2) throw new Refused("compare needs at least two runs");
        if (paths.size() > 26) throw new Refused("compare takes at most 26 runs");
        List<RunFiles> files = new ArrayList<>();
        for (Path p : paths) {
            if (RunFiles.isLadder(p)) throw new Refused(p + " is a ladder directory: compare takes runs");
            files.add(RunFiles.locate(p));
        }
        String mode = files.getFirst().json().path("mode").asText("");
        for (RunFiles f : files) {
            String m = f.json().path("mode").asText("");
            if (!m.equals(mode)) {
                throw new Refused("runs of different modes cannot be compared: " + files.getFirst().record() + " is "
                        + mode + ", " + f.record() + " is " + m);
            }
        }
        List<RunData> runs = new ArrayList<>();
        for (RunFiles f : files) runs.add(RunData.load(f, IntervalGroups.DEFAULT_BUDGET));
        return new Comparison(runs);
    }

    public List<RunData> runs() {
        return runs;
    }

    /** The runs' letters: A, B, C, … */
    public List<String> names() {
        return names;
    }

    /** The comparison's page (timelines and distributions overlaid). */
    public HtmlPage page() {
        return CompareHtml.page(this);
    }

    List<RunRecord> records() {
        return runs.stream().map(RunData::record).toList();
    }

    /** Per differing item ("flag -rate", "host cores", "broker health.version"), each run's value. */
    public Map<String, List<String>> differences() {
        Map<String, List<String>> d = new LinkedHashMap<>();
        differ(d, "flag -", r -> withoutNaming(r.flags()));
        differ(d, "host ", RunRecord::host);
        differ(d, "broker ", r -> RunHeaderHtml.broker(r.broker()));
        return d;
    }

    private static Map<String, String> withoutNaming(Map<String, String> flags) {
        Map<String, String> m = new LinkedHashMap<>(flags);
        NAMING_FLAGS.forEach(m::remove);
        return m;
    }

    private void differ(Map<String, List<String>> out, String prefix, Function<RunRecord, Map<String, String>> of) {
        List<Map<String, String>> maps = records().stream().map(of).toList();
        Set<String> keys = new LinkedHashSet<>();
        maps.forEach(m -> keys.addAll(m.keySet()));
        for (String k : keys) {
            List<String> vals = maps.stream().map(m -> m.getOrDefault(k, "(unset)")).toList();
            if (new LinkedHashSet<>(vals).size() > 1) out.put(prefix + k, vals);
        }
    }

    /** The console form: which run is which, the headline table, then the differences. */
    public String consoleTable() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < runs.size(); i++) {
            RunRecord r = runs.get(i).record();
            b.append(String.format(Locale.ROOT, "[compare] %s = %s (%s %s, %s)%n", names.get(i), r.runId(), r.mode(),
                    runs.get(i).files().record(), r.verdict().result()));
            if (!r.complete()) b.append("[compare] ").append(names.get(i)).append(" is ").append(r.incompleteNote())
                    .append('\n');
        }
        b.append(columns(Headline.header(names), Headline.rows(records())));
        Map<String, List<String>> diff = differences();
        if (diff.isEmpty()) {
            b.append("[compare] same flags, host and broker identity\n");
        } else {
            List<String> h = new ArrayList<>(List.of("differs"));
            h.addAll(names);
            List<List<String>> rows = new ArrayList<>();
            diff.forEach((k, v) -> {
                List<String> row = new ArrayList<>(List.of(k));
                row.addAll(v);
                rows.add(row);
            });
            b.append(columns(h, rows));
        }
        return b.toString();
    }

    /** Left-aligned first column, right-aligned others, each as wide as its widest cell (values capped at 48). */
    static String columns(List<String> header, List<List<String>> rows) {
        List<List<String>> all = new ArrayList<>();
        all.add(header);
        for (List<String> r : rows) all.add(r.stream().map(c -> c.length() > 48 ? c.substring(0, 45) + "..." : c).toList());
        int[] w = new int[header.size()];
        for (List<String> r : all) for (int i = 0; i < r.size(); i++) w[i] = Math.max(w[i], r.get(i).length());
        StringBuilder b = new StringBuilder();
        for (List<String> r : all) {
            for (int i = 0; i < r.size(); i++) {
                String c = r.get(i);
                b.append(i == 0 ? String.format(Locale.ROOT, "%-" + w[i] + "s", c)
                        : String.format(Locale.ROOT, "  %" + w[i] + "s", c));
            }
            b.append('\n');
        }
        return b.toString();
    }
}
