package dev.goload.client;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The pop scanner must either agree exactly with the Jackson decoder (messages, every field, captured data
 * bytes, top-level values) or decline (null): it is only a fast path. Checked on every recorded broker pop
 * answer, generation-B shaped answers, edge cases and thousands of random corruptions, with and without data
 * capture.
 */
class PopScannerTest {
    private static final String LEASE = "01a2290d-9dd9-7000-9b9a-fa31d4f91fb0";
    private static final String PID = "4718cfc5-da17-42ca-8377-c41bef03ce76";

    /** A generation-B shaped answer (the embedded broker's and the bench endpoint's fields). */
    private static String genB(int n, String data) {
        StringBuilder b = new StringBuilder("{\"success\":true,\"queue\":\"bench\",\"partition\":\"p0\",\"partitionId\":\"")
                .append(PID).append("\",\"leaseId\":\"").append(LEASE)
                .append("\",\"consumerGroup\":\"__QUEUE_MODE__\",\"partitionsClaimed\":1,\"messages\":[");
        for (int i = 0; i < n; i++) {
            if (i > 0) b.append(',');
            b.append("{\"id\":\"m").append(i).append("\",\"transactionId\":\"t").append(i)
                    .append("\",\"partitionId\":\"").append(PID).append("\",\"leaseId\":\"").append(LEASE)
                    .append("\",\"queue\":\"bench\",\"partition\":\"p0\",\"consumerGroup\":\"__QUEUE_MODE__\",\"data\":")
                    .append(data).append(",\"createdAt\":\"2026-01-01T00:00:00.00").append(i % 10)
                    .append("Z\",\"retryCount\":").append(i % 3).append(",\"traceId\":null}");
        }
        return b.append("]}").toString();
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** Asserts the scanner declines or matches Jackson; true when it answered. */
    private static boolean agrees(String body, boolean capture) {
        byte[] b = utf8(body);
        PopDecoder.Answer fast = PopScanner.scan(b, capture);
        if (fast == null) return false;
        PopDecoder.Answer full = FullDecoder.reads(body, () -> PopDecoder.decode(b, capture));
        assertEquals(full.leaseId(), fast.leaseId(), body);
        assertEquals(full.queue(), fast.queue(), body);
        assertEquals(full.partition(), fast.partition(), body);
        assertEquals(full.partitionId(), fast.partitionId(), body);
        assertEquals(full.messages().size(), fast.messages().size(), body);
        for (int i = 0; i < full.messages().size(); i++) {
            Message f = full.messages().get(i);
            Message s = fast.messages().get(i);
            assertEquals(f.transactionId(), s.transactionId(), body);
            assertEquals(f.partitionId(), s.partitionId(), body);
            assertEquals(f.leaseId(), s.leaseId(), body);
            assertEquals(f.queue(), s.queue(), body);
            assertEquals(f.partition(), s.partition(), body);
            assertEquals(f.retryCount(), s.retryCount(), body);
            assertArrayEquals(f.data(), s.data(), body);
        }
        return true;
    }

    private static List<String> recorded() {
        return WireMockSupport.genA("pop-answers.txt").lines().filter(l -> !l.isEmpty()).toList();
    }

    @Test
    void everyRecordedBrokerPopAnswerTakesTheFastPathAndMatchesJackson() {
        List<String> answers = recorded();
        assertEquals(23, answers.size());
        for (String a : answers) {
            assertEquals(true, agrees(a, false), a);
            assertEquals(true, agrees(a, true), a);
        }
        for (String f : List.of("pop-claimed-nothing-deliverable.json", "pop-lease-held.json", "pop-longpoll-autoack.json",
                "pop-longpoll-timeout-empty.json", "pop-multi-partition.json", "pop-no-available-partition.json",
                "pop-partition-batch2.json")) {
            assertEquals(true, agrees(WireMockSupport.genA(f), true), f);
        }
    }

    @Test
    void aMessageNamingNoQueueTakesTheAskedOneAsScannedOrTheAnswersOther() throws java.io.IOException {
        String asked = new String("bench");
        PopDecoder pop = new PopDecoder(PopRequest.of(asked));
        String ms = "\"messages\":[{\"transactionId\":\"t0\",\"partitionId\":\"p\",\"leaseId\":\"l\",\"partition\":\"p0\"},"
                + "{\"transactionId\":\"t1\",\"partitionId\":\"p\",\"leaseId\":\"l\",\"partition\":\"p0\",\"queue\":\"own\"}]";
        for (String top : new String[] {"", ",\"queue\":\"bench\"", ",\"queue\":\"\""}) {
            List<Message> got = pop.decode(200, new Transport.ArrayBody(utf8("{" + ms + top + "}"))).messages();
            // the scanner's default kept as it is (the very instance asked for: no second Message made to fill it in)
            assertSame(asked, got.get(0).queue(), top);
            assertEquals("own", got.get(1).queue(), top);
        }
        List<Message> other = pop.decode(200, new Transport.ArrayBody(utf8("{" + ms + ",\"queue\":\"other\"}"))).messages();
        assertEquals("other", other.get(0).queue(), "the answer's own queue over the one asked for");
        assertEquals("own", other.get(1).queue());
        List<Message> jackson = pop.decode(200, new Transport.ArrayBody(utf8("{" + ms.replace("t0", "t\\u0030")
                + ",\"queue\":\"other\"}"))).messages(); // an escape: the Jackson path
        assertEquals("t0", jackson.get(0).transactionId());
        assertEquals("other", jackson.get(0).queue());
    }

    @Test
    void generationBAnswersTakeTheFastPathWithTheirDataKeptByteForByte() {
        String data = "{\"data\":\"xx/yy\",\"src\":\"goload-ol\",\"ts\":1764600000000,\"n\":-3,\"a\":[true,false,null,{}]}";
        assertEquals(true, agrees(genB(500, data), true));
        assertEquals(true, agrees(genB(500, data), false));
        assertEquals(true, agrees(genB(3, "\"text\""), true));
        assertEquals(true, agrees(genB(3, "null"), true));
        assertEquals(true, agrees(" {\"messages\" : [ {\"transactionId\" : \"t\" , \"data\" : { \"a\" : \"\\n\" } } ] }\n",
                false), "whitespace and escapes in skipped data are read as Jackson reads them");
        assertEquals(true, agrees("{\"messages\":[{\"transactionId\":\"t\",\"retryCount\":null}],\"x\":[1,2.5e3]}", true));
    }

    @Test
    void aCreationTimeIsNotKeptButMustBeAString() throws Exception {
        byte[] number = utf8("{\"messages\":[{\"transactionId\":\"t\",\"createdAt\":5}]}");
        assertNull(PopScanner.scan(number, false), "not a string: Jackson's decode error");
        assertThrows(com.fasterxml.jackson.core.JsonParseException.class, () -> PopDecoder.decode(number, false));
        assertEquals(true, agrees("{\"messages\":[{\"transactionId\":\"t\",\"createdAt\":null}]}", false));
    }

    @Test
    void declinesWhatItCannotReadExactlyAsJacksonDoes() {
        assertNull(PopScanner.scan(utf8(genB(2, "{\"a\":\"\\n\"}")), true), "an escape Jackson's generator rewrites");
        assertNull(PopScanner.scan(utf8(genB(2, "{\"a\": 1}")), true), "whitespace Jackson's generator drops");
        assertNull(PopScanner.scan(utf8(genB(2, "{\"a\":1.50}")), true), "a float Jackson's generator may rewrite");
        assertNull(PopScanner.scan(utf8(genB(2, "{\"a\":-0}")), true), "-0 is written as 0");
        assertNull(PopScanner.scan(utf8(genB(2, "\"caf\u00e9\"")), false), "non-ASCII: Jackson validates the UTF-8");
        assertNull(PopScanner.scan(utf8("{\"messages\":[{\"transactionId\":\"t\\u0031\"}]}"), false));
        assertNull(PopScanner.scan(utf8("{\"messages\":[{\"transactionId\":\"t\",\"retryCount\":1.5}]}"), false));
        assertNull(PopScanner.scan(utf8("{\"messages\":[{\"transactionId\":\"t\",\"retryCount\":9999999999}]}"), false));
        assertNull(PopScanner.scan(utf8("{\"messages\":[{\"id\":\"m\"}]}"), false), "no transactionId: Jackson's error");
        assertNull(PopScanner.scan(utf8("{\"messages\":[{}]}"), false));
        assertNull(PopScanner.scan(utf8("{\"messages\":{}}"), false));
        assertNull(PopScanner.scan(utf8("[]"), false));
        assertNull(PopScanner.scan(utf8(""), false), "an empty body is the Jackson path's empty pop");
        String deep = "[".repeat(PopScanner.MAX_DEPTH + 1) + "]".repeat(PopScanner.MAX_DEPTH + 1);
        assertNull(PopScanner.scan(utf8("{\"x\":" + deep + ",\"messages\":[]}"), false));
    }

    @Test
    void fastPathReadsTheValuesAndSharesTheRepeatedStrings() {
        PopDecoder.Answer a = PopScanner.scan(utf8(genB(3, "{\"k\":1}")), true);
        assertNotNull(a);
        assertEquals(LEASE, a.leaseId());
        assertEquals("bench", a.queue());
        assertEquals("p0", a.partition());
        assertEquals(PID, a.partitionId());
        assertEquals(3, a.messages().size());
        Message m = a.messages().get(2);
        assertEquals("t2", m.transactionId());
        assertEquals(PID, m.partitionId());
        assertEquals(LEASE, m.leaseId());
        assertEquals(2, m.retryCount());
        assertArrayEquals(utf8("{\"k\":1}"), m.data());
        Message first = a.messages().getFirst();
        assertSame(a.leaseId(), first.leaseId());
        assertSame(first.leaseId(), m.leaseId());
        assertSame(first.partitionId(), m.partitionId());
        assertSame(first.queue(), m.queue());
        assertSame(first.partition(), m.partition());
        assertNull(PopScanner.scan(utf8(genB(3, "{\"k\":1}")), false).messages().get(0).data(), "data not asked for");
    }

    @Test
    void aFieldThatStopsRepeatingIsReadAsItIs() {
        String m = "{\"transactionId\":\"t%d\",\"partitionId\":\"%s\",\"leaseId\":\"%s\",\"queue\":\"%s\","
                + "\"data\":%s,\"consumerGroup\":\"%s\"}";
        String body = "{\"leaseId\":\"" + LEASE + "\",\"partitionId\":\"" + PID + "\",\"queue\":\"bench\",\"messages\":["
                + String.format(java.util.Locale.ROOT, m, 0, PID, LEASE, "bench", "{\"d\":\"xx\"}", "g") + ","
                + String.format(java.util.Locale.ROOT, m, 1, PID + "x", LEASE.replace('0', '1'), "bencH", "{\"d\":\"xy\"}", "g") + ","
                + String.format(java.util.Locale.ROOT, m, 2, PID.substring(1), LEASE, "ben", "{\"d\":\"xx\",\"e\":1}", "h") + ","
                // the same keys in another order, and a value a prefix of the previous one's bytes
                + "{\"data\":{\"d\":\"x\"},\"queue\":\"bench\",\"transactionId\":\"t3\",\"leaseId\":null}]}";
        assertEquals(true, agrees(body, true));
        assertEquals(true, agrees(body, false));
        PopDecoder.Answer a = PopScanner.scan(utf8(body), true);
        assertEquals(PID + "x", a.messages().get(1).partitionId());
        assertEquals(LEASE.replace('0', '1'), a.messages().get(1).leaseId());
        assertEquals("bencH", a.messages().get(1).queue());
        assertEquals(PID.substring(1), a.messages().get(2).partitionId());
        assertEquals(LEASE, a.messages().get(2).leaseId());
        assertArrayEquals(utf8("{\"d\":\"xx\",\"e\":1}"), a.messages().get(2).data());
        assertArrayEquals(utf8("{\"d\":\"x\"}"), a.messages().get(3).data());
        assertEquals("t3", a.messages().get(3).transactionId());
        assertNull(a.messages().get(3).leaseId());
        assertNull(PopScanner.scan(utf8(body.replace("\"t3\"", "\"t3\",\"data\":{\"d\":\"x\"")), true),
                "a repeat of a valid span followed by bytes that break the message");
    }

    @Test
    void fieldsRepeatingThePreviousMessagesAreTakenAsItReadThem() {
        String rest = "\"partitionId\":\"" + PID + "\",\"leaseId\":\"" + LEASE + "\",\"retryCount\":2";
        String full = rest + ",\"data\":{\"d\":1},\"createdAt\":\"c\"}";
        String body = "{\"queue\":\"bench\",\"messages\":["
                + "{\"transactionId\":\"t0\"," + full + ","
                + "{\"transactionId\":\"t1\"," + full + "," // from the second field to the end: the previous one's
                + "{\"transactionId\":\"t2\"," + full.substring(0, full.length() - 1) + ",\"x\":1}," // a field more
                + "{\"transactionId\":\"t3\"," + rest + "}," // fewer: the last one ends at another byte
                + "{\"transactionId\":\"t4\"," + rest + "},"
                + "{\"transactionId\":\"t5\"," + full.replace(":2", ":3") + "]}";
        assertEquals(true, agrees(body, true));
        assertEquals(true, agrees(body, false));
        List<Message> ms = PopScanner.scan(utf8(body), true).messages();
        for (int i = 0; i < 6; i++) {
            Message m = ms.get(i);
            assertEquals("t" + i, m.transactionId());
            assertEquals(PID, m.partitionId());
            assertEquals(LEASE, m.leaseId());
            assertEquals(i == 5 ? 3 : 2, m.retryCount());
            if (i == 3 || i == 4) assertNull(m.data());
            else assertArrayEquals(utf8("{\"d\":1}"), m.data());
        }
        assertNotSame(ms.get(0).data(), ms.get(1).data(), "each message's data is its own copy");
        assertNull(PopScanner.scan(utf8(body.replace("\"t4\"," + rest + "}", "\"t4\"," + rest + "}}")), false),
                "a repeated run followed by bytes that break the array");
        StringBuilder many = new StringBuilder(); // more fields than are remembered per message
        for (int f = 0; f < MessageRuns.MAX + 8; f++) many.append(",\"f").append(f).append("\":").append(f);
        String wide = "{\"messages\":[{\"transactionId\":\"t0\"" + many + "},{\"transactionId\":\"t1\"" + many
                + "},{\"transactionId\":\"t2\"" + many + ",\"retryCount\":1}]}";
        assertEquals(true, agrees(wide, false), "messages wider than the runs remembered still take the fast path");
        assertEquals(1, PopScanner.scan(utf8(wide), false).messages().get(2).retryCount());
    }

    /** Messages whose transaction id is {@code txn(i)} and whose other fields repeat. */
    private static String runsBody(int n, java.util.function.IntFunction<String> txn) {
        StringBuilder s = new StringBuilder("{\"queue\":\"bench\",\"messages\":[");
        for (int i = 0; i < n; i++) {
            if (i > 0) s.append(',');
            s.append("{\"transactionId\":\"").append(txn.apply(i)).append("\",\"partitionId\":\"").append(PID)
                    .append("\",\"leaseId\":\"").append(LEASE).append("\",\"data\":{\"d\":1}}");
        }
        return s.append("]}").toString();
    }

    private static PopScanner scanned(String body) {
        byte[] b = utf8(body);
        PopScanner s = new PopScanner(b, b.length, true, null, 0);
        assertNotNull(s.answer());
        return s;
    }

    @Test
    void aFieldThatKeepsDifferingIsReadWithoutComparingItEveryMessage() {
        int n = 33;
        String body = runsBody(n, i -> String.format(java.util.Locale.ROOT, "t%02d", i));
        assertEquals(true, agrees(body, true));
        assertEquals(true, agrees(body, false));
        // messages 1..32 each compare the run from the partition id; the differing transaction id is compared at
        // message 1 and again at every REPROBE-th message only (16, 32), not at each
        assertEquals((n - 1) + 1 + (n - 1) / MessageRuns.REPROBE, scanned(body).runComparisons());
        List<Message> ms = PopScanner.scan(utf8(body), true).messages();
        for (int i = 0; i < n; i++) {
            assertEquals(String.format(java.util.Locale.ROOT, "t%02d", i), ms.get(i).transactionId());
            assertEquals(PID, ms.get(i).partitionId());
            assertEquals(LEASE, ms.get(i).leaseId());
            assertArrayEquals(utf8("{\"d\":1}"), ms.get(i).data());
        }
    }

    @Test
    void aFieldThatStartsRepeatingIsComparedAgainAtTheNextProbe() {
        // transaction ids differ up to message 19, then repeat message 19's
        String body = runsBody(41, i -> String.format(java.util.Locale.ROOT, "t%02d", Math.min(i, 19)));
        assertEquals(true, agrees(body, true));
        // 1..31: the run from the partition id (31) and the transaction id at 1 and 16 (2); at the probe of message 32
        // the whole message repeats, and from then on one comparison from the transaction id per message (9)
        assertEquals(31 + 2 + 9, scanned(body).runComparisons());
        List<Message> ms = PopScanner.scan(utf8(body), true).messages();
        for (int i = 0; i < 41; i++) assertEquals(String.format(java.util.Locale.ROOT, "t%02d", Math.min(i, 19)),
                ms.get(i).transactionId());
    }

    @Test
    void aRepeatedSpanFollowedByOtherBytesIsNotTakenForTheWholeValue() {
        String base = genB(2, "{\"a\":\"x\"}");
        int second = base.lastIndexOf("{\"a\":\"x\"}");
        String longer = base.substring(0, second) + "{\"a\":\"x\"}1" + base.substring(second + 9);
        assertNull(PopScanner.scan(utf8(longer), true), "garbage after a repeated value");
        String nested = base.substring(0, second) + "{\"a\":\"x\"}}" + base.substring(second + 9);
        assertNull(PopScanner.scan(utf8(nested), false));
        String escaped = base.substring(0, second) + "{\"a\":\"x\\\"}\"}" + base.substring(second + 9);
        assertEquals(true, agrees(escaped, false), "an escaped quote right after the repeated prefix");
        assertNull(PopScanner.scan(utf8(escaped), true), "and kept data would need Jackson's rewriting");
    }

    @Test
    void randomCorruptionsNeverMakeTheScannerDisagree() {
        Random rnd = new Random(7);
        // genB: corruptions after a message whose keys and values the next one repeats (read by comparison, not scanned)
        List<String> bases = List.of(recorded().get(0), recorded().get(3), genB(3, "{\"d\":\"x\",\"n\":12,\"b\":[true]}"),
                genB(5, "\"dd\""));
        String alphabet = "{}[],:\" \\ntrufalsenul0123456789.-eE+xu/";
        int accepted = 0;
        for (int k = 0; k < 20_000; k++) {
            if (agrees(FullDecoder.corrupt(bases.get(k % bases.size()), rnd, alphabet), k % 4 < 2)) accepted++;
        }
        assertEquals(true, accepted > 1000, "only " + accepted + " corrupted bodies exercised the fast path");
    }
}
