package dev.goload.verify;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.client.ClientConfig;
import dev.goload.client.MessageLookup;
import dev.goload.client.QueenClient;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Each broker answer maps to its class; the bound, an unavailable API and failing look-ups stop the look-ups. */
class LossAttributionTest {
    private static final String PID = "pid-1";

    private final Map<String, MessageLookup> broker = new HashMap<>();
    private final List<String> asked = new ArrayList<>();

    private MessageLookup answer(int owner, String pid, String txn) {
        asked.add(txn);
        MessageLookup r = broker.get(txn);
        return r != null ? r : new MessageLookup(MessageLookup.Outcome.NOT_FOUND, null, null, null, List.of(), null);
    }

    private LossReport run(int max, MissingMessage... missing) {
        return new LossAttribution(this::answer, (o, q, p) -> p.equals("unknown") ? null : PID, "workers", max)
                .run(missing.length, List.of(missing));
    }

    private static MissingMessage missing(String txn, String witness) {
        return new MissingMessage("0:" + txn, 0, "q", "p1", txn, witness, null);
    }

    private static MessageLookup found(MessageLookup.Group g) {
        return new MessageLookup(MessageLookup.Outcome.FOUND, "pending", null, null, List.of(g), null);
    }

    @Test
    void eachBrokerStateMapsToItsClass() {
        broker.put("skippedA", found(new MessageLookup.Group("workers", true, null, null, null)));
        broker.put("skippedB", found(new MessageLookup.Group("workers", true, false, false, null)));
        broker.put("delivered", found(new MessageLookup.Group("workers", true, true, true, null)));
        broker.put("leased", found(new MessageLookup.Group("workers", false, null, null, "2026-12-01T08:37:31Z")));
        broker.put("retried", new MessageLookup(MessageLookup.Outcome.FOUND, "pending", 1, null,
                List.of(new MessageLookup.Group("workers", false, null, null, null)), null));
        broker.put("pending", found(new MessageLookup.Group("workers", false, false, false, null)));
        broker.put("otherGroup", found(new MessageLookup.Group("__QUEUE_MODE__", true, null, null, null)));
        LossReport r = run(100, missing("skippedA", null), missing("skippedB", null), missing("delivered", null),
                missing("leased", null), missing("retried", null), missing("pending", null),
                missing("otherGroup", null));
        assertEquals(2, r.count(LossClass.SKIPPED));
        assertEquals(List.of("0:skippedA", "0:skippedB"), r.first(LossClass.SKIPPED));
        assertEquals(1, r.count(LossClass.DELIVERED));
        assertEquals(List.of("0:leased", "0:retried"), r.first(LossClass.UNACKED));
        assertEquals(List.of("0:pending", "0:otherGroup"), r.first(LossClass.PENDING));
        assertEquals(7, r.lookups());
        assertEquals(0, r.unchecked());
    }

    @Test
    void notFoundIsNeverStoredOnlyWhenAnEarlierMessageOfThePartitionIsStillThere() {
        broker.put("w-kept", found(new MessageLookup.Group("workers", true, null, null, null)));
        LossReport r = run(100, missing("lost1", "w-kept"), missing("lost2", "w-kept"), missing("removed", "w-gone"),
                missing("alone", null));
        assertEquals(List.of("0:lost1", "0:lost2"), r.first(LossClass.NEVER_STORED));
        assertEquals(List.of("0:removed", "0:alone"), r.first(LossClass.NOT_CHECKABLE));
        assertTrue(r.notCheckableWhy().contains("consumed and removed"), r.notCheckableWhy());
        assertEquals(List.of("lost1", "w-kept", "lost2", "removed", "w-gone", "alone"), asked,
                "a witness is looked up once per partition");
    }

    @Test
    void anUnavailableApiMakesEveryMessageNotCheckableAfterOneLookup() {
        broker.put("a", new MessageLookup(MessageLookup.Outcome.UNAVAILABLE, null, null, null, List.of(),
                "HTTP 404: <html>"));
        LossReport r = run(100, missing("a", null), missing("b", null), missing("c", null));
        assertEquals(3, r.count(LossClass.NOT_CHECKABLE));
        assertEquals(1, r.lookups());
        assertTrue(r.notCheckableWhy().contains("not available"), r.notCheckableWhy());
    }

    @Test
    void anUnknownPartitionIdCostsNoLookup() {
        LossReport r = new LossAttribution(this::answer, (o, q, p) -> null, "", 100).run(1, List.of(missing("a", null)));
        assertEquals(1, r.count(LossClass.NOT_CHECKABLE));
        assertEquals(0, r.lookups());
    }

    @Test
    void theBoundLimitsTheLookupsAndTheRestIsReportedNotLookedUp() {
        broker.put("x", found(new MessageLookup.Group("workers", true, null, null, null)));
        List<MissingMessage> ten = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ten.add(missing("x", null));
        }
        LossReport r = new LossAttribution(this::answer, (o, q, p) -> PID, "workers", 3).run(25, ten);
        assertEquals(3, r.lookups());
        assertEquals(3, r.count(LossClass.SKIPPED));
        assertEquals(22, r.unchecked());
    }

    @Test
    void threeFailedLookupsInARowEndTheLookups() {
        // nothing listens on port 1 of loopback: every call is a refused connection (a QueenException)
        try (QueenClient dead = new QueenClient(ClientConfig.of("http://127.0.0.1:1"))) {
            LossAttribution.Lookup failing = (o, p, t) -> {
                asked.add(t);
                return dead.lookupMessage(p, t);
            };
            List<MissingMessage> five = List.of(missing("a", null), missing("b", null), missing("c", null),
                    missing("d", null), missing("e", null));
            LossReport r = new LossAttribution(failing, (o, q, p) -> PID, "workers", 100).run(5, five);
            assertEquals(5, r.count(LossClass.NOT_CHECKABLE));
            assertEquals(3, asked.size());
            assertTrue(r.notCheckableWhy().startsWith("lookup failed"), r.notCheckableWhy());
        }
    }
}
