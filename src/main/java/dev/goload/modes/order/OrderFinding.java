package dev.goload.modes.order;

import dev.goload.verify.OrderLedger;
import java.util.List;

/**
 * One failed check of the order gate (goload-behavior.md §2.5), as data; {@code report/OrderReport} words each in the
 * reference's {@code   ! } line. The order here is the reference's.
 */
public sealed interface OrderFinding {
    /** Sequences pushed and never delivered. */
    record Loss(long count, List<Long> first) implements OrderFinding {}

    /** Sequences delivered more than once. */
    record Duplication(long count, List<Long> first) implements OrderFinding {}

    /** Deliveries below their partition's frontier. */
    record OutOfOrder(long count, List<OrderLedger.Violation> first) implements OrderFinding {}

    /** Fewer acks than deliveries. */
    record Ack(long delivered, long acked) implements OrderFinding {}

    /** Failed pushes ({@code deliveredAnyway} of them stored although the push failed). */
    record Push(long failed, long deliveredAnyway) implements OrderFinding {}

    /** Deliveries of sequences this run never produced. */
    record Foreign(long count) implements OrderFinding {}

    /** The failed checks of a run, in the reference's order; empty means PASS. */
    static List<OrderFinding> of(OrderLedger.Result check, long delivered, long acked, long pushErrors) {
        var f = new java.util.ArrayList<OrderFinding>();
        if (check.missing() > 0) f.add(new Loss(check.missing(), check.missingFirst()));
        if (check.duplicates() > 0) f.add(new Duplication(check.duplicates(), check.duplicateFirst()));
        if (check.outOfOrder() > 0) f.add(new OutOfOrder(check.outOfOrder(), check.outOfOrderFirst()));
        if (acked != delivered) f.add(new Ack(delivered, acked));
        if (pushErrors > 0) f.add(new Push(pushErrors, check.ambiguous()));
        if (check.outOfRange() > 0) f.add(new Foreign(check.outOfRange()));
        return List.copyOf(f);
    }
}
