package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.metrics.ErrorStats;
import dev.goload.modes.cloud.CloudNote;
import dev.goload.modes.order.OrderNote;
import dev.goload.modes.run.RunNote;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The bytes of the lines cloud's and order's engines once printed themselves and now hand over as notes: the
 * {@code [configure]}, {@code [drain]}, {@code [signal]} and {@code [shutdown]} lines of cloud, order's
 * {@code push %d: %v} and drain-cap lines, exactly as the engines printed them before.
 */
class CloudOrderNotesGoldenTest {

    @Test
    void cloudNotesAreTheLinesTheEngineUsedToPrint() {
        var out = new Synthetic.Out();
        CloudConsole c = new CloudConsole(out.ps, 1);
        c.onNote(new CloudNote.Configured(3, 0.125));
        ErrorStats.Snapshot failed = new ErrorStats.Snapshot(2, new TreeMap<>(Map.of("http_5xx", 1L, "timeout", 1L)),
                Map.of(), 0, 0, 0, new TreeMap<>(Map.of("http_5xx", "configure: 503", "timeout", "configure timed out")));
        c.onNote(new CloudNote.ConfigureFailed(3, failed));
        c.onNote(new RunNote.Text("[loader-warmup] 6 connection(s) dialled"));
        c.onNote(new CloudNote.Drain(2.04, 6));
        c.onNote(new CloudNote.Signal(true));
        c.onNote(new CloudNote.Signal(false));
        c.onNote(new CloudNote.Stragglers(15));
        assertEquals("[configure] 3 queue(s) configured in 0.12s\n"
                + "[configure] 2/3 FAILED — a run over half-provisioned queues measures nothing:\n"
                + "    http_5xx=1  configure: 503\n"
                + "    timeout=1  configure timed out\n"
                + "[loader-warmup] 6 connection(s) dialled\n"
                + "[drain] producers stopped after 2.0s; draining 6s before the correctness verdict\n"
                + "\n[signal] stopping producers early\n"
                + "\n[signal] cutting the drain short\n"
                + "[shutdown] some goroutines did not stop within 15s\n", out.text());
    }

    @Test
    void orderNotesAreTheLinesTheEngineUsedToPrint() {
        var out = new Synthetic.Out();
        var c = OrderReport.console(out.ps);
        c.onNote(new OrderNote.PushFailed(7, "item FAILED: db down"));
        c.onNote(new OrderNote.PushFailed(8, "Post \"http://127.0.0.1:9/api/v1/push\": connection refused"));
        c.onNote(new OrderNote.DrainCapRaised(1, 4, 5, 9, 2));
        assertEquals("push 7: item FAILED: db down\n"
                + "push 8: Post \"http://127.0.0.1:9/api/v1/push\": connection refused\n"
                + "drain: cap raised from -drain 1s to 9s (leaseTime 4s + 5s): 2 pop(s) or retried call(s) may have"
                + " lost an answer whose messages the broker leased\n", out.text());
    }
}
