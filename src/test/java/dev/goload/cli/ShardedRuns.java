package dev.goload.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/**
 * The shards of one coordinated run, each a {@code Main.run} on a thread of this process: shard {@code i} gets
 * {@code -shard i/N} and {@code -coordinator}, shard 0 also serves the barrier on a free loopback port.
 */
final class ShardedRuns {
    private ShardedRuns() {}

    /** Runs {@code shards} shards with {@code argsOf.apply(i)} plus the shard flags; their results by index. */
    static List<MainRun> run(int shards, IntFunction<List<String>> argsOf) throws Exception {
        int port = freePort();
        ExecutorService pool = Executors.newFixedThreadPool(shards);
        try {
            List<Future<MainRun>> futures = new ArrayList<>();
            for (int i = 0; i < shards; i++) {
                List<String> args = new ArrayList<>(argsOf.apply(i));
                args.addAll(List.of("-shard", i + "/" + shards, "-coordinator", "http://127.0.0.1:" + port));
                if (i == 0) args.addAll(List.of("-coordinate-listen", "127.0.0.1:" + port));
                futures.add(pool.submit(() -> MainRun.of(args.toArray(String[]::new))));
            }
            List<MainRun> out = new ArrayList<>();
            for (Future<MainRun> f : futures) out.add(f.get(3, TimeUnit.MINUTES));
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }
}
