package dev.goload.shard;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The flags that legitimately differ between the shards of one run; every other flag must be equal on every shard
 * (the barrier compares a {@link #fingerprint} of them, {@code goload merge} compares them one by one).
 */
public final class PerShardFlags {
    /**
     * {@code logdir}: cm's artifact directory (its {@code -out}), one per shard like {@code -out}. {@code -fault} too:
     * injecting a fault into one shard (cloud's {@code lose-msg=3} on shard 2) tests that the merged verdict fails and
     * names that shard; it changes no shape of the workload.
     */
    public static final Set<String> NAMES = Set.of("shard", "shards", "out", "logdir", "coordinate-listen",
            "metrics-addr", "metrics-linger", "dashboard", "dashboard-linger", "html", "fault");

    private PerShardFlags() {}

    /** A short SHA-256 digest of the flags other than {@link #NAMES}, by name, as their string values. */
    public static String fingerprint(Map<String, ?> flags) {
        Map<String, String> sorted = new TreeMap<>();
        flags.forEach((k, v) -> {
            if (!NAMES.contains(k)) sorted.put(k, String.valueOf(v));
        });
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            sorted.forEach((k, v) -> {
                d.update(k.getBytes(StandardCharsets.UTF_8));
                d.update((byte) '=');
                d.update(v.getBytes(StandardCharsets.UTF_8));
                d.update((byte) 0);
            });
            return HexFormat.of().formatHex(d.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
