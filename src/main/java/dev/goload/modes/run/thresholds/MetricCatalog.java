package dev.goload.modes.run.thresholds;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The metric names one mode's thresholds may use, known before the run starts (so a misspelt name is refused before
 * anything is sent): the common counters and figures of every mode ({@link CommonMetrics}), {@code <tag>.<stat>} for
 * each latency recorder the mode has ({@link LatencyStat}: {@code push.p99}, {@code e2e.p99.9}, {@code ack.max}, …),
 * and the mode's own figures, which it hands over at the end as a name → value map ({@code verify.missing}, …).
 * Immutable; the {@code with…} methods return a new catalog.
 */
public final class MetricCatalog {
    private final Map<String, Metric> named;
    private final Set<String> tags;

    private MetricCatalog(Map<String, Metric> named, Set<String> tags) {
        this.named = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(named));
        this.tags = java.util.Collections.unmodifiableSet(new LinkedHashSet<>(tags));
    }

    /** The metrics of every mode, with the common recorders' latencies. */
    public static MetricCatalog common() {
        return new MetricCatalog(CommonMetrics.all(), new LinkedHashSet<>(CommonMetrics.TAGS));
    }

    /** Adds the latencies of a mode's own recorders ({@code RunRecorders.add(tag)}). */
    public MetricCatalog withLatency(String... modeTags) {
        Set<String> t = new LinkedHashSet<>(tags);
        for (String tag : modeTags) t.add(tag);
        return new MetricCatalog(named, t);
    }

    /**
     * Adds a figure of the mode's own, read at the end of the run from the map the mode passes to the evaluation
     * (absent there: no data, so the threshold fails). Never watched during the run.
     */
    public MetricCatalog withModeFigure(String name, Dimension dimension) {
        if (named.containsKey(name)) throw new IllegalArgumentException("metric " + name + " exists");
        Map<String, Metric> m = new LinkedHashMap<>(named);
        m.put(name, new Metric(name, dimension, false, f -> f.mode(name)));
        return new MetricCatalog(m, tags);
    }

    /** The metric {@code name} denotes, if this mode has it. */
    Optional<Metric> resolve(String name) {
        Metric m = named.get(name);
        if (m != null) return Optional.of(m);
        int dot = name.indexOf('.');
        if (dot < 0 || !tags.contains(name.substring(0, dot))) return Optional.empty();
        String tag = name.substring(0, dot);
        return LatencyStat.parse(name.substring(dot + 1)).map(stat -> new Metric(name, stat.dimension(), true,
                f -> f.latency(tag, stat)));
    }

    /** Whether {@code name} names one of this mode's latency recorders. */
    public boolean hasTag(String tag) {
        return tags.contains(tag);
    }

    /**
     * Every name, for suggestions and listings: the counters and figures, then each tag with
     * {@link LatencyStat#LISTED} (any other percentile is valid too).
     */
    public List<String> names() {
        List<String> all = new ArrayList<>(named.keySet());
        for (String tag : tags) {
            for (String stat : LatencyStat.LISTED) all.add(tag + "." + stat);
        }
        return all;
    }

    /** The latency recorder tags, in order. */
    public List<String> tags() {
        return List.copyOf(tags);
    }
}
