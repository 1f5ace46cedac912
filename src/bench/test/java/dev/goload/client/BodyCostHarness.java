package dev.goload.client;

import dev.goload.bench.CostMeter;
import dev.goload.modes.Payloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import okio.Buffer;

/**
 * Not a test (never run by the build): thread CPU and bytes allocated per message of building and streaming the
 * request bodies — an ack batch of 500 popped messages (as items, and straight from the scanner's messages) (a batch's lease and partition shared, as decoded) and a push
 * of 100 generated ids — into a reused in-memory sink. Run:
 * {@code java -cp target/classes:target/test-classes:$(cat cp.txt) dev.goload.client.BodyCostHarness [rounds]}.
 */
public final class BodyCostHarness {
    private BodyCostHarness() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
        String lease = "01a2290d-9dd9-7000-9b9a-fa31d4f91fb0";
        String pid = "4718cfc5-da17-42ca-8377-c41bef03ce76";
        List<AckItem> acks = new ArrayList<>();
        List<Message> popped = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            String txn = "01a2290d-9c40-7000-a3b3-229afefd" + String.format(Locale.ROOT, "%04d", i);
            popped.add(new Message(txn, pid, lease, "bench", "p0", 0, null));
            acks.add(AckItem.completed(popped.getLast()));
        }
        List<Message> scanned = new ScannedMessages(popped);
        byte[] payload = new Payloads(256, "goload-ol").plain(); // the bytes openloop sends
        Buffer sink = new Buffer();
        for (int r = 0; r < rounds; r++) {
            CostMeter.print("ackbody500", 4_000, 500, () -> {
                new AckBatchBody(acks, null).writeTo(sink);
                sink.clear();
            });
            // what QueenClient.ackMessages sends for a scanned pop: no AckItem per message, ids not checked again
            CostMeter.print("ackmsgs500", 4_000, 500, () -> {
                AckBatchBody.of(scanned, AckItem.COMPLETED, null).writeTo(sink);
                sink.clear();
            });
            CostMeter.print("pushbody100", 4_000, 100, () -> {
                PushBody.uniformGenerated("bench", null, payload, TransactionIds.generate(100)).writeTo(sink);
                sink.clear();
            });
        }
    }
}
