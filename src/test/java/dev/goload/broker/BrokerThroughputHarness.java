package dev.goload.broker;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;

/**
 * Manual throughput probe (not a test: it asserts nothing and is not run by surefire). Pushes batches of 100
 * messages of 256 B from 64 virtual threads while 8 threads pop batches of 500 with autoAck, and prints msgs/s.
 *
 * <pre>java -cp target/classes:target/test-classes:$(deps) dev.goload.broker.BrokerThroughputHarness [seconds]</pre>
 */
public final class BrokerThroughputHarness {
    private BrokerThroughputHarness() {
    }

    public static void main(String[] args) throws Exception {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        int pushers = 64;
        int poppers = 8;
        int partitions = 16;
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults())) {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(5)).build();
            String payload = "{\"data\":\"" + "x".repeat(244) + "\"}"; // 256 bytes
            AtomicBoolean running = new AtomicBoolean(true);
            LongAdder pushed = new LongAdder();
            LongAdder popped = new LongAdder();
            LongAdder errors = new LongAdder();
            List<Thread> threads = new ArrayList<>();
            for (int i = 0; i < pushers; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    while (running.get()) {
                        StringBuilder sb = new StringBuilder(30_000).append("{\"items\":[");
                        String part = "p" + ThreadLocalRandom.current().nextInt(partitions);
                        for (int k = 0; k < 100; k++) {
                            if (k > 0) {
                                sb.append(',');
                            }
                            sb.append("{\"queue\":\"bench\",\"partition\":\"").append(part)
                                    .append("\",\"payload\":").append(payload).append('}');
                        }
                        sb.append("]}");
                        HttpRequest req = HttpRequest.newBuilder(URI.create(broker.url() + "/api/v1/push"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString(sb.toString())).build();
                        try {
                            HttpResponse<byte[]> r = http.send(req, HttpResponse.BodyHandlers.ofByteArray());
                            if (r.statusCode() == 201) {
                                pushed.add(100);
                            } else {
                                errors.increment();
                            }
                        } catch (Exception e) {
                            errors.increment();
                        }
                    }
                }));
            }
            HttpRequest pop = HttpRequest.newBuilder(URI.create(broker.url()
                    + "/api/v1/pop/queue/bench?autoAck=true&batch=500&timeout=1000&wait=true")).GET().build();
            for (int i = 0; i < poppers; i++) {
                threads.add(Thread.ofVirtual().start(() -> {
                    while (running.get()) {
                        try {
                            HttpResponse<String> r = http.send(pop, HttpResponse.BodyHandlers.ofString());
                            if (r.statusCode() == 200) {
                                popped.add(count(r.body()));
                            }
                        } catch (Exception e) {
                            errors.increment();
                        }
                    }
                }));
            }
            long t0 = System.nanoTime();
            for (int s = 1; s <= seconds; s++) {
                Thread.sleep(1000);
                System.out.printf("t=%ds pushed=%d popped=%d errors=%d%n", s, pushed.sum(), popped.sum(),
                        errors.sum());
            }
            running.set(false);
            double elapsed = (System.nanoTime() - t0) / 1e9;
            for (Thread t : threads) {
                t.join(5000);
            }
            System.out.printf("pushed %.0f msgs/s, popped %.0f msgs/s over %.1f s; errors=%d; broker %s%n",
                    pushed.sum() / elapsed, popped.sum() / elapsed, elapsed, errors.sum(), broker.stats());
        }
    }

    /** Counts messages by their "transactionId" keys: cheap and good enough for a throughput probe. */
    private static int count(String body) {
        int n = 0;
        int i = 0;
        while ((i = body.indexOf("\"transactionId\"", i)) >= 0) {
            n++;
            i += 15;
        }
        return n;
    }
}
