package dev.goload.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Path;

/**
 * A phase's whole-process figures (what the targets judge): the loader's user+sys CPU from GNU time over the run —
 * JVM start, JIT compilation, warm-up, ramp, drain and exit included — divided by the messages it moved, and its
 * peak RSS. {@code scripts/bench} runs every phase under {@code /usr/bin/time -v -o <phase>/time.txt}.
 */
final class WholeProcess {
    private WholeProcess() {}

    /**
     * The {@code wholeProcess} object for the run in {@code dir}, or null without a {@code time.txt};
     * {@code cpuMicrosPerMsg} is null when no message was counted.
     *
     * @param msgs     messages moved (pushed, or consumed, as the phase counts them)
     * @param requests push requests, or 0 to leave out the per-request figure
     */
    static ObjectNode of(ObjectMapper json, Path dir, long msgs, long requests) throws IOException {
        GnuTime t = GnuTime.read(dir.resolve("time.txt"));
        if (t == null) return null;
        ObjectNode o = json.createObjectNode();
        o.put("cpuSec", t.cpuSec());
        o.put("userSec", t.userSec());
        o.put("sysSec", t.sysSec());
        o.put("wallSec", t.wallSec());
        o.put("peakRssMB", t.maxRssKb() / 1024.0);
        o.put("msgs", msgs);
        // a run that moved nothing (or whose [final] line is missing) has no per-message cost: the whole CPU
        // as "per message" would make it look expensive, and a ratio against it make the other look lean
        if (msgs > 0) o.put("cpuMicrosPerMsg", t.cpuSec() * 1e6 / msgs);
        else o.putNull("cpuMicrosPerMsg");
        if (requests > 0) {
            o.put("requests", requests);
            o.put("cpuMicrosPerRequest", t.cpuSec() * 1e6 / requests);
        }
        o.put("exitCode", t.exitCode());
        return o;
    }
}
