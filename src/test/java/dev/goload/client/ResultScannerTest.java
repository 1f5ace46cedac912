package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The byte scanner must either agree exactly with the Jackson decoders or decline (null): it is only a fast
 * path. Checked on the recorded broker answers, hand-written edge cases and thousands of random corruptions.
 */
class ResultScannerTest {
    private static final String GEN_B_ITEM = "{\"index\":%d,\"queueName\":\"q\",\"status\":\"%s\",\"message_id\":\"m\","
            + "\"messageId\":\"m\",\"partition_id\":\"p\",\"partitionId\":\"p\",\"transaction_id\":\"t%d\","
            + "\"transactionId\":\"t%d\",\"trace_id\":null%s}";

    private static String genBPush(String... statuses) {
        List<String> items = new ArrayList<>();
        for (int i = 0; i < statuses.length; i++) {
            String st = statuses[i];
            String err = st.equals("failed") ? ",\"error\":\"disk full\"" : "";
            items.add(GEN_B_ITEM.formatted(i, st, i, i, err));
        }
        return "[" + String.join(",", items) + "]";
    }

    private static TransactionIds ids(int n) {
        String[] ids = new String[n];
        for (int i = 0; i < n; i++) ids[i] = "id" + i;
        return TransactionIds.of(ids);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Asserts the scanner either declines or matches Jackson (including Jackson's decode errors). */
    private static boolean pushAgrees(String body, int n) {
        byte[] b = utf8(body);
        PushResult fast = ResultScanner.push(201, b, ids(n));
        if (fast == null) return false;
        PushResult full = FullDecoder.reads(body, () -> ResultDecoders.decodePush(201, b, ids(n)));
        assertArrayEquals(full.statuses(), fast.statuses(), body);
        assertEquals(full.firstError(), fast.firstError(), body);
        assertEquals(full.accepted(), fast.accepted(), body);
        return true;
    }

    private static boolean ackAgrees(String body, int n) {
        byte[] b = utf8(body);
        AckResult fast = ResultScanner.ack(200, b, n);
        if (fast == null) return false;
        AckResult full = FullDecoder.reads(body, () -> ResultDecoders.decodeAck(200, b, n));
        assertArrayEquals(full.itemSuccess(), fast.itemSuccess(), body);
        assertArrayEquals(full.itemDlq(), fast.itemDlq(), body);
        assertEquals(full.firstError(), fast.firstError(), body);
        assertEquals(full.succeeded(), fast.succeeded(), body);
        return true;
    }

    @Test
    void brokerShapedAnswersTakeTheFastPathAndMatchTheFullDecoder() {
        assertEquals(true, pushAgrees(genBPush("queued", "duplicate", "failed", "buffered", "weird"), 5));
        assertEquals(true, pushAgrees(WireMockSupport.genA("push-five-items.json"), 5));
        assertEquals(true, pushAgrees(WireMockSupport.genA("push-queued.json"), 1));
        assertEquals(true, pushAgrees(WireMockSupport.genA("push-duplicate.json"), 1));
        assertEquals(true, pushAgrees(" [ {\"status\" : \"queued\" , \"n\": -1.5e+3, \"x\":true} ]\n", 1));
        assertEquals(true, ackAgrees("[{\"success\":true,\"error\":null,\"leaseReleased\":false,\"dlq\":false},"
                + "{\"success\":false,\"error\":\"no lease\"},{\"success\":null},{}]", 4));
        assertEquals(true, ackAgrees("[{\"success\":true,\"error\":null,\"leaseReleased\":true,\"dlq\":true}]", 1),
                "a dead-lettering ack answer keeps its dlq flag on the fast path");
    }

    @Test
    void declinesShapesItDoesNotHandle() {
        assertNull(ResultScanner.push(201, utf8("{\"error\":\"boom\"}"), ids(1)));
        assertNull(ResultScanner.push(201, utf8(""), ids(1)));
        assertNull(ResultScanner.push(201, utf8("[{\"status\":\"queued\",\"meta\":{\"a\":1}}]"), ids(1)));
        assertNull(ResultScanner.push(201, utf8("[{\"status\":\"que\\u0075ed\"}]"), ids(1)));
        assertNull(ResultScanner.push(201, utf8("[{\"status\":\"queued\"}]"), ids(2)), "count mismatch is worded by the full decoder");
        assertNull(ResultScanner.ack(200, utf8("[{\"success\":\"yes\"}]"), 1));
        assertNull(ResultScanner.ack(200, utf8("[{\"success\":true,\"error\":{\"code\":1}}]"), 1));
        assertNull(ResultScanner.ack(200, utf8("[{\"success\":false,\"error\":\"lease \\\"x\\\" gone\"}]"), 1));
    }

    @Test
    void fastPathReadsTheValuesThemselves() {
        // Agreement with Jackson alone would pass if both were wrong the same way: pin the decoded values.
        PushResult p = ResultScanner.push(201,
                utf8(genBPush("queued", "duplicate", "failed", "buffered", "weird")), ids(5));
        assertArrayEquals(new ItemStatus[] {ItemStatus.QUEUED, ItemStatus.DUPLICATE, ItemStatus.FAILED,
                ItemStatus.BUFFERED, ItemStatus.UNKNOWN}, p.statuses());
        assertEquals(1, p.queued());
        assertEquals(1, p.duplicate());
        assertEquals(1, p.failed());
        assertEquals(1, p.buffered());
        assertEquals(1, p.unknown());
        assertEquals(3, p.accepted());
        assertEquals("disk full", p.firstError());
        assertEquals(201, p.httpStatus());

        AckResult a = ResultScanner.ack(200, utf8("[{\"success\":true,\"error\":null,\"dlq\":true},"
                + "{\"success\":false,\"error\":\"no lease\"},{\"success\":true,\"error\":\"\"}]"), 3);
        assertArrayEquals(new boolean[] {true, false, true}, a.itemSuccess());
        assertArrayEquals(new boolean[] {true, false, false}, a.itemDlq());
        assertEquals(2, a.succeeded());
        assertEquals(1, a.failed());
        assertEquals("no lease", a.firstError());
        assertEquals(1, a.deadLettered());

        AckResult empty = ResultScanner.ack(200, utf8("[]"), 0);
        assertEquals(0, empty.succeeded());
        assertEquals(0, empty.failed());
        assertEquals(0, empty.itemSuccess().length);
        assertNull(empty.firstError());
    }

    @Test
    void randomCorruptionsNeverMakeTheScannerDisagree() {
        corruptionsAgree(42, genBPush("queued", "failed", "duplicate"), 3,
                "[{\"index\":0,\"success\":true,\"error\":null},{\"index\":1,\"success\":false,\"error\":\"e\"}]", 2);
    }

    /** 20,000 corruptions of {@code push} ({@code pushItems}) and {@code ack} ({@code ackItems}), alternating. */
    private static void corruptionsAgree(long seed, String push, int pushItems, String ack, int ackItems) {
        Random rnd = new Random(seed);
        String alphabet = "{}[],:\" \\ntrufalsenul0123456789.-eE+x";
        int accepted = 0;
        for (int k = 0; k < 20_000; k++) {
            boolean isPush = k % 2 == 0;
            String s = FullDecoder.corrupt(isPush ? push : ack, rnd, alphabet);
            if (isPush ? pushAgrees(s, pushItems) : ackAgrees(s, ackItems)) accepted++;
        }
        // Most single-character corruptions land in values the scanner still reads (and must read correctly).
        assertEquals(true, accepted > 1000, "only " + accepted + " corrupted bodies exercised the fast path");
    }

    /** The fixed endpoint's ack answer shape: items that differ only in their index and transaction id. */
    private static String ackItem(int i, String successAndError, boolean dlq) {
        return "{\"index\":" + i + ",\"transactionId\":\"t" + i + "\"," + successAndError
                + ",\"queueName\":\"bench\",\"partitionName\":\"p0\",\"leaseReleased\":false,\"dlq\":" + dlq + "}";
    }

    @Test
    void anItemRepeatingThePreviousOnesRestEndsAsThatOneDid() {
        String ok = "\"success\":true,\"error\":null";
        String body = "[" + String.join(",", ackItem(0, ok, false), ackItem(1, ok, false),
                ackItem(2, "\"success\":false,\"error\":\"lease expired\"", false), ackItem(3, ok, true),
                ackItem(4, ok, true), ackItem(5, ok, false), ackItem(6, ok, false)) + "]";
        assertEquals(true, ackAgrees(body, 7));
        AckResult a = ResultScanner.ack(200, utf8(body), 7);
        assertArrayEquals(new boolean[] {true, true, false, true, true, true, true}, a.itemSuccess());
        assertArrayEquals(new boolean[] {false, false, false, true, true, false, false}, a.itemDlq());
        assertEquals("lease expired", a.firstError());
        assertEquals(2, a.deadLettered());

        String push = genBPush("queued", "queued", "failed", "queued", "queued", "duplicate", "duplicate");
        assertEquals(true, pushAgrees(push, 7));
        assertArrayEquals(new ItemStatus[] {ItemStatus.QUEUED, ItemStatus.QUEUED, ItemStatus.FAILED, ItemStatus.QUEUED,
                ItemStatus.QUEUED, ItemStatus.DUPLICATE, ItemStatus.DUPLICATE},
                ResultScanner.push(201, utf8(push), ids(7)).statuses());
    }

    @Test
    void aRepeatedRestEnteredInAnotherStateIsReadAgain() {
        // the rests from the second field on are equal bytes, but the first field set another state before them
        AckResult err = ResultScanner.ack(200,
                utf8("[{\"error\":\"x\",\"success\":true,\"a\":1},{\"error\":null,\"success\":true,\"a\":1}]"), 2);
        assertArrayEquals(new boolean[] {false, true}, err.itemSuccess());
        AckResult dlq = ResultScanner.ack(200,
                utf8("[{\"dlq\":true,\"success\":true,\"a\":1},{\"dlq\":false,\"success\":true,\"a\":1}]"), 2);
        assertArrayEquals(new boolean[] {true, false}, dlq.itemDlq());
        PushResult push = ResultScanner.push(201,
                utf8("[{\"status\":\"failed\",\"a\":1},{\"status\":null,\"a\":1}]"), ids(2));
        assertArrayEquals(new ItemStatus[] {ItemStatus.FAILED, ItemStatus.UNKNOWN}, push.statuses());
    }

    @Test
    void restsThatKeepDifferingAreReadWithoutComparingThemEveryItem() {
        String ok = "\"success\":true,\"error\":null";
        int n = 40;
        StringBuilder s = new StringBuilder("[");
        for (int i = 0; i < n; i++) s.append(i > 0 ? "," : "").append(ackItem(i, ok, false));
        byte[] b = utf8(s.append(']').toString());
        ItemRests rests = new ItemRests(b, b.length, n);
        AckResult a = ResultScanner.ack(200, b, b.length, n, rests);
        assertEquals(n, a.succeeded());
        // items 1..39 each compare their rest from "success" on; the rests from the index and from the transaction
        // id, which differ in every item, are compared at item 1 and again at every REPROBE-th item only
        assertEquals((n - 1) + 2 * (1 + (n - 1) / ItemRests.REPROBE), rests.comparisons());

        // every item's status is still its own: a failure among them, right after a probe and between probes
        String failed = "\"success\":false,\"error\":\"lease expired\"";
        StringBuilder f = new StringBuilder("[");
        boolean[] expected = new boolean[n];
        for (int i = 0; i < n; i++) {
            boolean bad = i == 16 || i == 17 || i == 25;
            expected[i] = !bad;
            f.append(i > 0 ? "," : "").append(ackItem(i, bad ? failed : ok, i == 30));
        }
        assertEquals(true, ackAgrees(f + "]", n));
        AckResult r = ResultScanner.ack(200, utf8(f + "]"), n);
        assertArrayEquals(expected, r.itemSuccess());
        assertEquals(1, r.deadLettered());
        assertEquals("lease expired", r.firstError());
    }

    @Test
    void corruptionsOfRepeatingItemsNeverMakeTheScannerDisagree() {
        String ok = "\"success\":true,\"error\":null";
        corruptionsAgree(7, genBPush("queued", "queued", "queued", "failed"), 4, "[" + String.join(",",
                ackItem(0, ok, false), ackItem(1, ok, false), ackItem(2, ok, true), ackItem(3, ok, false)) + "]", 4);
    }

    @Test
    void wordScanFlagsExactlyTheWordsHoldingAQuoteBackslashOrControlByte() {
        long base = 0x6161616161616161L; // "aaaaaaaa"
        for (int pos = 0; pos < 8; pos++) {
            for (int v = 0; v < 256; v++) {
                long w = (base & ~(0xFFL << (8 * pos))) | ((long) v << (8 * pos));
                boolean special = v == '"' || v == '\\' || v < 0x20;
                assertEquals(special, JsonBytes.special(w) != 0, "byte " + v + " at " + pos);
            }
        }
        Random r = new Random(1);
        for (int i = 0; i < 200_000; i++) {
            long w = r.nextLong();
            boolean expected = false;
            for (int k = 0; k < 8; k++) {
                int v = (int) (w >>> (8 * k)) & 0xFF;
                expected |= v == '"' || v == '\\' || v < 0x20;
            }
            assertEquals(expected, JsonBytes.special(w) != 0, Long.toHexString(w));
        }
    }
}
