package dev.goload.verify;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * {@code produced.meta}, the ground truth of a {@code cm} run (goload-behavior.md §2.6): the header
 * {@code # ackErr=%d producedA=%d producedB=%d base=%d ts=%d}, then {@code A <prop> <maxseq>} for every
 * property with maxseq &gt; 0 (ascending), then the {@code B …} lines. Byte-compatible with the reference in both
 * directions, so either tool can verify the other's logs. Immutable.
 *
 * @param ackErr    run-wide failed acks
 * @param producedA successful flow-A pushes (warm-up seq 0 included)
 * @param base      lowest sequence of every property: 0 with warm-up, 1 without (a header without the token ⇒ 1)
 * @param ts        unix seconds when written
 * @param maxA      flow A: property → highest successfully pushed seq (only entries &gt; 0)
 */
public record ProducedMeta(long ackErr, long producedA, long producedB, int base, long ts,
                           SortedMap<Integer, Long> maxA, SortedMap<Integer, Long> maxB) {
    public static final String FILE = "produced.meta";

    public ProducedMeta {
        maxA = Collections.unmodifiableSortedMap(new TreeMap<>(maxA));
        maxB = Collections.unmodifiableSortedMap(new TreeMap<>(maxB));
    }

    public SortedMap<Integer, Long> max(char flow) {
        return flow == 'A' ? maxA : maxB;
    }

    /** The file's exact text. */
    public String format() {
        StringBuilder b = new StringBuilder(64 + (maxA.size() + maxB.size()) * 16);
        b.append("# ackErr=").append(ackErr).append(" producedA=").append(producedA).append(" producedB=")
                .append(producedB).append(" base=").append(base).append(" ts=").append(ts).append('\n');
        appendFlow(b, 'A', maxA);
        appendFlow(b, 'B', maxB);
        return b.toString();
    }

    private static void appendFlow(StringBuilder b, char flow, Map<Integer, Long> m) {
        m.forEach((prop, seq) -> {
            if (seq > 0) b.append(flow).append(' ').append(prop).append(' ').append(seq).append('\n');
        });
    }

    public void write(Path dir) throws IOException {
        try (BufferedWriter w = Files.newBufferedWriter(dir.resolve(FILE), StandardCharsets.UTF_8)) {
            w.write(format());
        }
    }

    /**
     * Reads {@code dir/produced.meta}. Unknown header tokens are ignored; lines that are neither the header nor
     * {@code A|B <int> <int>} are ignored (the reference's scanner skips them too).
     */
    public static ProducedMeta read(Path dir) throws IOException {
        long ackErr = 0, a = 0, b = 0, ts = 0;
        int base = 1;
        SortedMap<Integer, Long> ma = new TreeMap<>(), mb = new TreeMap<>();
        for (String line : Files.readAllLines(dir.resolve(FILE), StandardCharsets.UTF_8)) {
            String t = line.strip();
            if (t.startsWith("#")) {
                for (String tok : t.substring(1).trim().split("\\s+")) {
                    int eq = tok.indexOf('=');
                    if (eq <= 0) continue;
                    long v;
                    try {
                        v = Long.parseLong(tok.substring(eq + 1));
                    } catch (NumberFormatException e) {
                        continue;
                    }
                    switch (tok.substring(0, eq)) {
                        case "ackErr" -> ackErr = v;
                        case "producedA" -> a = v;
                        case "producedB" -> b = v;
                        case "base" -> base = (int) v;
                        case "ts" -> ts = v;
                        default -> { }
                    }
                }
                continue;
            }
            String[] f = t.split("\\s+");
            if (f.length != 3 || !(f[0].equals("A") || f[0].equals("B"))) continue;
            try {
                int prop = Integer.parseInt(f[1]);
                long seq = Long.parseLong(f[2]);
                (f[0].equals("A") ? ma : mb).merge(prop, seq, Math::max);
            } catch (NumberFormatException e) {
                // not a data line
            }
        }
        return new ProducedMeta(ackErr, a, b, base, ts, ma, mb);
    }
}
