package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * The repeat detectors themselves: a scanner's answers agree with Jackson whether or not a repeat is found, so only
 * these show that one is found where the bytes repeat (and not where they or the entry state differ).
 */
class RepeatDetectorsTest {
    private static final String ITEMS = "[{\"i\":0,\"s\":true,\"q\":\"x\"},{\"i\":1,\"s\":true,\"q\":\"x\"}]";

    private static int at(String s, String part, int from) {
        return s.indexOf(part, from);
    }

    /** {@link #ITEMS}' first item read field by field (entered in state 0, its last field in 1; ends in 1, "e"). */
    private static ItemRests afterTheFirstItem(int items) {
        ItemRests rests = new ItemRests(ITEMS.getBytes(StandardCharsets.US_ASCII), ITEMS.length(), items);
        rests.field(0, at(ITEMS, "\"i\"", 0), 0, null);
        rests.field(1, at(ITEMS, "\"s\"", 0), 0, null);
        rests.field(2, at(ITEMS, "\"q\"", 0), 1, null);
        rests.item(3, false, at(ITEMS, "},{", 0) + 1, 1, "e");
        return rests;
    }

    @Test
    void anItemsRestEqualToThePreviousOnesIsFoundWhenEnteredInTheSameState() {
        ItemRests rests = afterTheFirstItem(2);
        int second = at(ITEMS, "},{", 0) + 2;

        assertEquals(-1, rests.same(0, at(ITEMS, "\"i\"", second), 0, null), "the index differs");
        int s = at(ITEMS, "\"s\"", second);
        assertEquals(-1, rests.same(1, s, 1, null), "entered in another state");
        assertEquals(-1, rests.same(1, s, 0, "other"), "entered with another error");
        assertEquals(ITEMS.length() - 1, rests.same(1, s, 0, null));
        assertEquals(1, rests.endCode());
        assertEquals("e", rests.endErr());
    }

    @Test
    void anAnswerExpectedToHoldOneItemRemembersNoRest() {
        ItemRests rests = afterTheFirstItem(1);
        assertEquals(-1, rests.same(1, at(ITEMS, "\"s\"", at(ITEMS, "},{", 0) + 2), 0, null));
    }

    @Test
    void aMessagesFieldsRepeatingThePreviousOnesAreOneRunWithTheirValues() {
        String ms = "{\"t\":\"a\",\"q\":\"y\",\"n\":2},{\"t\":\"b\",\"q\":\"y\",\"n\":2}";
        byte[] b = ms.getBytes(StandardCharsets.US_ASCII);
        MessageRuns runs = new MessageRuns(b, b.length);
        String y = "y";
        int q0 = at(ms, "\"q\"", 0);
        int n0 = at(ms, "\"n\"", 0);
        int end0 = at(ms, "},", 0) + 1;
        runs.read(0, 1, 5, 5, 8, q0, "a", 0);
        runs.read(1, q0, 2, q0 + 4, q0 + 7, n0, y, 0);
        runs.read(2, n0, 7, n0 + 4, n0 + 5, end0, null, 2);
        runs.ended(3);

        int second = end0 + 1;
        assertEquals(0, runs.run(0, second + 1), "the id differs");
        int q1 = at(ms, "\"q\"", second);
        runs.read(0, second + 1, 5, second + 5, second + 8, q1, "b", 0);
        assertEquals(2, runs.run(1, q1), "the queue and the number repeat, up to the brace");
        assertEquals(true, runs.ends(2));
        assertSame(y, runs.value(1));
        assertNull(runs.value(2));
        assertEquals(2, runs.number(2));
        int delta = q1 - runs.keyAt(1);
        assertEquals(at(ms, "\"n\"", second), runs.moved(1, delta));
        assertEquals(ms.length(), runs.moved(2, delta));
        assertEquals(q1 + 4, runs.valueFrom(1));
        assertEquals(q1 + 7, runs.valueTo(1));
    }
}
