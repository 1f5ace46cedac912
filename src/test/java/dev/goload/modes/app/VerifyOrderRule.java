package dev.goload.modes.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The order rule of the campaign's offline checker, ported line for line from {@code verify_cg} in
 * {@code benchmark-queen/2026-07-29-vm-campaign/goload/verify-order.py} (public Queen repository
 * {@code queen-mq/queen}, commit c147a7d8): read the file in order, skip the header, skip rows with fewer than six
 * tab-separated fields, a non-integer or negative {@code seq} (column 3); per partition (column 2) the next expected
 * first-delivery seq starts at 0: {@code seq == e} advances it, {@code seq < e} is a redelivery, {@code seq > e} an
 * ORDER violation (sampled, first 20, as {@code "<cg> part=<p> expected=<e> got=<seq> gap=<seq-e>"}) after which
 * {@code e = seq + 1}. The script itself is not vendored; this port is what the tests apply to goload's files.
 * {@code inOrder} is counted here only to compare with the online checker (the script does not print it).
 */
record VerifyOrderRule(long inOrder, long dups, long violations, List<String> samples, Map<String, Long> expected) {

    static VerifyOrderRule of(Path file) throws IOException {
        Map<String, Long> expected = new HashMap<>();
        long inOrder = 0;
        long dups = 0;
        long viols = 0;
        List<String> sample = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
            String[] row = line.split("\t", -1);
            if (row.length < 6) continue;
            String cg = row[1];
            String part = row[2];
            long seq;
            try {
                seq = Long.parseLong(row[3].strip());
            } catch (NumberFormatException e) {
                continue;
            }
            if (seq < 0) continue;
            long e = expected.getOrDefault(part, 0L);
            if (seq == e) {
                expected.put(part, e + 1);
                inOrder++;
            } else if (seq < e) {
                dups++;
            } else {
                viols++;
                if (sample.size() < 20) sample.add(cg + " part=" + part + " expected=" + e + " got=" + seq + " gap=" + (seq - e));
                expected.put(part, seq + 1);
            }
        }
        return new VerifyOrderRule(inOrder, dups, viols, List.copyOf(sample), Map.copyOf(expected));
    }

    /** The rule over {@code cg0.tsv .. cg<groups-1>.tsv} of {@code dir}, summed. */
    static VerifyOrderRule ofGroups(Path dir, String prefix, int groups) throws IOException {
        long in = 0;
        long d = 0;
        long v = 0;
        List<String> s = new ArrayList<>();
        for (int g = 0; g < groups; g++) {
            VerifyOrderRule r = of(dir.resolve(prefix + g + ".tsv"));
            in += r.inOrder;
            d += r.dups;
            v += r.violations;
            s.addAll(r.samples);
        }
        return new VerifyOrderRule(in, d, v, List.copyOf(s), Map.of());
    }
}
