package dev.goload.verify;

import dev.goload.client.MessageLookup;
import dev.goload.client.QueenException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Looks each missing message up through the broker's message API after the verdict and says where it was lost
 * ({@link LossClass}). At most {@code maxLookups} calls in all (witness look-ups included); once the API proves
 * not to be served, or three look-ups in a row fail, the rest are not-checkable without further calls.
 *
 * <p>Reading a found message, for the mode's consumer group ({@code __QUEUE_MODE__} without one): the group's
 * cursor passed it ({@code consumed}) and the broker says it was never delivered — or, for the C++ broker, which
 * does not say, the loader never received it — means skipped; delivered and consumed means lost after delivery;
 * not consumed but delivered, leased or retried means delivered, never acked; otherwise it is still pending.
 * A message not found is never-stored only if an earlier-pushed message of its partition that the loader received
 * is still found (retention removes a partition's oldest messages first); otherwise it may have been consumed and
 * removed, and is not checkable.
 *
 * <p>Single use, one thread.
 */
public final class LossAttribution {
    public static final String QUEUE_MODE = "__QUEUE_MODE__";
    private static final int FAILURES_TO_GIVE_UP = 3;

    /** One look-up through the client that reaches {@code owner}'s queue. */
    @FunctionalInterface
    public interface Lookup {
        MessageLookup lookup(int owner, String partitionId, String transactionId);
    }

    /** The broker's partition id of {@code partition} of {@code owner}'s {@code queue}, null when unknown. */
    @FunctionalInterface
    public interface PartitionIdSource {
        String idOf(int owner, String queue, String partition);
    }

    private final Lookup lookup;
    private final PartitionIdSource ids;
    private final String group;
    private final int maxLookups;
    private final Map<LossClass, Long> counts = new EnumMap<>(LossClass.class);
    private final Map<LossClass, List<String>> firstIds = new EnumMap<>(LossClass.class);
    private final Map<String, Boolean> witnesses = new HashMap<>();
    private String notCheckableWhy;
    private String unavailable;
    private int lookups;
    private int failuresInARow;

    /** @param group the consumer group the mode pops with; null or "" = queue mode */
    public LossAttribution(Lookup lookup, PartitionIdSource ids, String group, int maxLookups) {
        this.lookup = lookup;
        this.ids = ids;
        this.group = group == null || group.isEmpty() ? QUEUE_MODE : group;
        this.maxLookups = maxLookups;
        for (LossClass c : LossClass.values()) {
            counts.put(c, 0L);
            firstIds.put(c, new ArrayList<>());
        }
    }

    /**
     * Classifies {@code candidates} (the first missing messages, at most {@code maxLookups} of them) while the bound
     * allows; {@code missing} is the verdict's total, so what was not looked at is reported as unchecked.
     */
    public LossReport run(long missing, List<MissingMessage> candidates) {
        long classified = 0;
        for (MissingMessage m : candidates) {
            if (lookups >= maxLookups && unavailable == null) {
                break;
            }
            add(classify(m), m.id());
            classified++;
        }
        Map<LossClass, List<String>> frozen = new EnumMap<>(LossClass.class);
        firstIds.forEach((c, l) -> frozen.put(c, List.copyOf(l)));
        return new LossReport(true, missing, maxLookups, lookups, Collections.unmodifiableMap(counts),
                Collections.unmodifiableMap(frozen), notCheckableWhy, Math.max(0, missing - classified));
    }

    private void add(Verdict v, String id) {
        counts.merge(v.cls, 1L, Long::sum);
        List<String> first = firstIds.get(v.cls);
        if (first.size() < LossReport.FIRST_IDS) {
            first.add(id);
        }
        if (v.cls == LossClass.NOT_CHECKABLE && notCheckableWhy == null) {
            notCheckableWhy = v.why;
        }
    }

    private record Verdict(LossClass cls, String why) {
        static Verdict of(LossClass c) {
            return new Verdict(c, null);
        }

        static Verdict notCheckable(String why) {
            return new Verdict(LossClass.NOT_CHECKABLE, why);
        }
    }

    private Verdict classify(MissingMessage m) {
        if (unavailable != null) {
            return Verdict.notCheckable(unavailable);
        }
        String pid = ids.idOf(m.owner(), m.queue(), m.partition());
        if (pid == null) {
            return Verdict.notCheckable("partition id of " + m.queue() + "/" + m.partition()
                    + " unknown (nothing of it was delivered)");
        }
        MessageLookup r = call(m.owner(), pid, m.transactionId());
        if (r == null) {
            return Verdict.notCheckable(unavailable != null ? unavailable : "lookup failed");
        }
        return switch (r.outcome()) {
            case FOUND -> Verdict.of(fromRecord(r, m.group() == null ? group : m.group()));
            case UNAVAILABLE -> {
                unavailable = "message lookup API not available (" + r.detail() + ")";
                yield Verdict.notCheckable(unavailable);
            }
            case NOT_FOUND -> notFound(m, pid);
        };
    }

    private Verdict notFound(MissingMessage m, String pid) {
        if (m.witnessTransactionId() == null) {
            return Verdict.notCheckable("not found, and no earlier delivered message of its partition to tell"
                    + " lost-on-push from consumed-and-removed");
        }
        Boolean seen = witnesses.get(pid + "/" + m.witnessTransactionId());
        if (seen == null) {
            if (lookups >= maxLookups) {
                return Verdict.notCheckable("not found; the witness look-up is over -attribute-max");
            }
            MessageLookup w = call(m.owner(), pid, m.witnessTransactionId());
            if (w == null || w.outcome() == MessageLookup.Outcome.UNAVAILABLE) {
                return Verdict.notCheckable("not found; the witness look-up failed");
            }
            seen = w.outcome() == MessageLookup.Outcome.FOUND;
            witnesses.put(pid + "/" + m.witnessTransactionId(), seen);
        }
        return seen ? Verdict.of(LossClass.NEVER_STORED)
                : Verdict.notCheckable("not found, nor is an earlier delivered message of its partition:"
                        + " consumed and removed by retention");
    }

    /** Reads a found message's state for {@code group} (see the class comment). */
    static LossClass fromRecord(MessageLookup r, String group) {
        MessageLookup.Group g = r.group(group);
        if (g == null) {
            return LossClass.PENDING; // the group never reached this partition
        }
        if (g.consumed()) {
            return Boolean.TRUE.equals(g.delivered()) ? LossClass.DELIVERED : LossClass.SKIPPED;
        }
        boolean delivered = g.delivered() != null ? g.delivered()
                : g.leaseExpiresAt() != null || r.leaseExpiresAt() != null
                        || (r.retryCount() != null && r.retryCount() > 0);
        return delivered || g.leaseExpiresAt() != null ? LossClass.UNACKED : LossClass.PENDING;
    }

    /** One counted look-up; null when it failed (three failures in a row end the look-ups). */
    private MessageLookup call(int owner, String partitionId, String transactionId) {
        lookups++;
        try {
            MessageLookup r = lookup.lookup(owner, partitionId, transactionId);
            failuresInARow = 0;
            return r;
        } catch (QueenException | IllegalArgumentException e) {
            if (++failuresInARow >= FAILURES_TO_GIVE_UP) {
                unavailable = "lookups failing (" + e.getMessage() + ")";
            }
            return null;
        }
    }
}
