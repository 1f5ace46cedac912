package dev.goload.verify;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The outcome of loss attribution ({@link LossAttribution}): how many of the missing messages fell in each
 * {@link LossClass}, the first ids of each, and why the first not-checkable one could not be checked.
 *
 * @param enabled     false when {@code -attribute-loss=false} (then only {@code missing} is meaningful)
 * @param missing     messages the verdict counts as missing
 * @param maxLookups  the bound ({@code -attribute-max})
 * @param lookups     look-up calls made (witness look-ups included)
 * @param counts      per class, every class present, in declaration order
 * @param firstIds    per class, the first {@link #FIRST_IDS} ids
 * @param notCheckableWhy why the first not-checkable message could not be checked, null if none
 * @param unchecked   missing messages not looked at because of the bound
 */
public record LossReport(boolean enabled, long missing, int maxLookups, int lookups, Map<LossClass, Long> counts,
                         Map<LossClass, List<String>> firstIds, String notCheckableWhy, long unchecked) {
    public static final int FIRST_IDS = 8;

    /** {@code -attribute-loss=false}: nothing was looked up. */
    public static LossReport disabled(long missing, int maxLookups) {
        Map<LossClass, Long> counts = new EnumMap<>(LossClass.class);
        Map<LossClass, List<String>> ids = new EnumMap<>(LossClass.class);
        for (LossClass c : LossClass.values()) {
            counts.put(c, 0L);
            ids.put(c, List.of());
        }
        return new LossReport(false, missing, maxLookups, 0, Collections.unmodifiableMap(counts),
                Collections.unmodifiableMap(ids), null, missing);
    }

    public long count(LossClass c) {
        return counts.getOrDefault(c, 0L);
    }

    public List<String> first(LossClass c) {
        return firstIds.getOrDefault(c, List.of());
    }

    /** Missing messages that were classified (every class, not-checkable included). */
    public long classified() {
        long n = 0;
        for (long v : counts.values()) {
            n += v;
        }
        return n;
    }
}
