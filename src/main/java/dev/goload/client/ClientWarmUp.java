package dev.goload.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loads and compiles the client's hot codecs before a run, without a byte on the wire: push bodies (the uniform hot
 * path and arbitrary items) written into a discarding sink and into a buffer as the push loop writes them, canned
 * push, pop and ack answers (as the broker sends them, queen-wire.md) decoded from a longer array as the http1 engine
 * hands them over ({@link Transport.PooledBody}), and the ack of the popped messages ({@code ackMessages}' batch body)
 * written. Without this the first interval of a run paid for Jackson, the scanners, the pop decoder and the ack path
 * being loaded and interpreted.
 *
 * <p>Once per JVM ({@link #exerciseOnce}): the codecs are static code, so what one client's warm-up compiles serves
 * every client. Each client ran them (3,000 iterations each, concurrently) before: at cloud's four tenant clients that
 * was ~170 MB allocated in the warm-up's second, a quarter of a cloud run's allocated bytes (async-profiler
 * {@code event=alloc}), and the survivors of those collections were promoted with the run's in-flight requests.
 * Thread-safe.
 */
final class ClientWarmUp {
    private static final byte[] PAYLOAD = "{\"seq\":12345,\"note\":\"goload warm-up payload\"}"
            .getBytes(StandardCharsets.UTF_8);
    private static final String[] IDS = {"01a230eb-ff4d-7f65-8662-50d4ed41ef2f", "01a230eb-ff4d-7be8-ab15-b0d001b26367"};
    private static final byte[] PUSH_ANSWER = ("[{\"index\":0,\"queueName\":\"wq\",\"status\":\"queued\",\"message_id\":\""
            + IDS[0] + "\",\"messageId\":\"" + IDS[0] + "\",\"transaction_id\":\"" + IDS[0] + "\",\"transactionId\":\""
            + IDS[0] + "\",\"trace_id\":null},{\"index\":1,\"queueName\":\"wq\",\"status\":\"queued\",\"messageId\":\""
            + IDS[1] + "\",\"transactionId\":\"" + IDS[1] + "\",\"trace_id\":null}]").getBytes(StandardCharsets.UTF_8);
    private static final byte[] POP_ANSWER = ("{\"success\":true,\"queue\":\"wq\",\"partition\":\"p0\",\"partitionId\":"
            + "\"9c1d4c34-77b9-4dd3-9ade-76c9925e0781\",\"leaseId\":\"01a230eb-ff66-7f16-81c0-9d84ffec091d\","
            + "\"consumerGroup\":\"__QUEUE_MODE__\",\"messages\":[" + message(IDS[0]) + "," + message(IDS[1]) + "]}")
            .getBytes(StandardCharsets.UTF_8);
    private static final byte[] ACK_ANSWER = ("[" + ackResult(0, IDS[0], false) + "," + ackResult(1, IDS[1], true) + "]")
            .getBytes(StandardCharsets.UTF_8);

    /** Set by the first {@link #exerciseOnce}: the codecs of this JVM are warm (or being warmed). */
    private static final AtomicBoolean EXERCISED = new AtomicBoolean();
    /** Times {@link #exercise} ran the codecs in this JVM (tests: however many clients warm up, at most once). */
    private static final AtomicInteger RUNS = new AtomicInteger();

    private ClientWarmUp() {}

    /**
     * Runs the codecs {@code iterations} times unless an earlier call of this JVM did (or is doing it now: a client
     * warming up beside it goes on to dial). Returns whether this call ran them.
     */
    static boolean exerciseOnce(int iterations) throws IOException {
        if (!EXERCISED.compareAndSet(false, true)) return false;
        exercise(iterations);
        return true;
    }

    /** Tests only: times {@link #exercise} ran the codecs. */
    static int runs() {
        return RUNS.get();
    }

    private static String ackResult(int index, String id, boolean last) {
        return "{\"index\":" + index + ",\"transactionId\":\"" + id + "\",\"success\":true,\"error\":null,"
                + "\"queueName\":\"wq\",\"partitionName\":\"p0\",\"leaseReleased\":" + last + ",\"dlq\":false}";
    }

    /** {@code answer} at the start of a longer array, its tail another answer's bytes: the pooled body's shape. */
    private static Transport.PooledBody pooled(byte[] answer) {
        byte[] b = java.util.Arrays.copyOf(answer, answer.length + 64);
        java.util.Arrays.fill(b, answer.length, b.length, (byte) '}');
        return new Transport.PooledBody(b, answer.length);
    }

    private static String message(String id) {
        return "{\"id\":\"" + id + "\",\"transactionId\":\"" + id + "\",\"partitionId\":"
                + "\"9c1d4c34-77b9-4dd3-9ade-76c9925e0781\",\"leaseId\":\"01a230eb-ff66-7f16-81c0-9d84ffec091d\","
                + "\"queue\":\"wq\",\"partition\":\"p0\",\"consumerGroup\":\"__QUEUE_MODE__\",\"data\":{\"seq\":1},"
                + "\"createdAt\":\"2026-12-01T09:25:02.413566774Z\",\"retryCount\":0,\"traceId\":null}";
    }

    /** Runs each codec {@code iterations} times; returns the bytes written and read (so none of it is dead code). */
    static long exercise(int iterations) throws IOException {
        RUNS.incrementAndGet();
        long bytes = 0;
        List<PushItem> items = new ArrayList<>(IDS.length);
        for (String id : IDS) items.add(PushItem.of("wq", "p0", PAYLOAD));
        PopDecoder pop = new PopDecoder(PopRequest.of("wq").withBatch(10));
        Transport.PooledBody pushAnswer = pooled(PUSH_ANSWER);
        Transport.PooledBody popAnswer = pooled(POP_ANSWER);
        Transport.PooledBody ackAnswer = pooled(ACK_ANSWER);
        for (int i = 0; i < iterations; i++) {
            okio.Buffer sink = new okio.Buffer();
            PushBody.uniformGenerated("wq", "p0", PAYLOAD, TransactionIds.generate(IDS.length)).writeTo(sink);
            PushBody.of(items, IDS.clone()).writeTo(sink);
            bytes += sink.size();
            // the push loop's path: the same body written into a buffer (PushLoopRequests)
            PushBody uniform = PushBody.uniformGenerated("wq", "p0", PAYLOAD, TransactionIds.generate(IDS.length));
            java.nio.ByteBuffer dst = java.nio.ByteBuffer.allocate((int) uniform.contentLength());
            uniform.writeTo(dst);
            bytes += dst.position();
            bytes += ResultDecoders.push(TransactionIds.of(IDS.clone())).decode(200, pushAnswer).accepted();
            List<Message> popped = pop.decode(200, popAnswer).messages();
            // the manual ack of what was popped: its batch body, then its answer
            okio.Buffer ack = new okio.Buffer();
            RequestBodies.ackMessages(popped, AckItem.COMPLETED, null).writeTo(ack);
            bytes += ack.size();
            AckResult acked = ResultDecoders.ack(popped.size()).decode(200, ackAnswer);
            bytes += acked.succeeded();
        }
        return bytes;
    }
}
