package dev.goload.realbroker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Set;

/**
 * What a run's loss attribution must say when the real broker skipped stored messages: it looked every missing message
 * up, and each one landed in a class the broker's behaviour explains. Test-only.
 */
final class LossAttributionCheck {
    /** Every class a missing message can be attributed to (docs/cloud.md, "Loss attribution"). */
    static final Set<String> CLASSES = Set.of("neverStored", "skipped", "pending", "unacked", "delivered",
            "notCheckable");

    private LossAttributionCheck() {}

    /**
     * {@code loss} (cloud's {@code additions.lossAttribution}, order's {@code lossAttribution}, cm's
     * {@code loss-attribution.json}) attributes all {@code missing} messages, none left unlooked-up, and only to
     * {@code allowed} classes; returns its counts.
     */
    static JsonNode assertEveryMissingAttributed(JsonNode loss, long missing, Set<String> allowed) {
        assertTrue(CLASSES.containsAll(allowed), allowed.toString());
        assertTrue(loss.path("enabled").asBoolean(), "attribution was on: " + loss);
        assertEquals(missing, loss.path("missing").asLong(), "it saw every missing message: " + loss);
        assertEquals(0, loss.path("notLookedUp").asLong(), "every missing message looked up: " + loss);
        assertEquals(missing, loss.path("attributed").asLong(), "every missing message attributed: " + loss);
        long sum = 0;
        for (String c : CLASSES) {
            long n = loss.path("counts").path(c).asLong();
            sum += n;
            if (!allowed.contains(c)) assertEquals(0, n, c + ": not what this broker does to a message: " + loss);
        }
        assertEquals(missing, sum, "the classes add up to the missing messages: " + loss);
        return loss.path("counts");
    }
}
