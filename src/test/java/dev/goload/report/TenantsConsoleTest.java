package dev.goload.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.goload.config.TenantsConfig;
import dev.goload.metrics.RunCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunNote;
import dev.goload.modes.tenants.TenantsFigures;
import dev.goload.modes.tenants.TenantsNote;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The lines of {@code -mode tenants} outside the interval and final block (FinalBlockGoldenTest pins those), byte
 * for byte: the reference's header and traffic line, its {@code [provision]} lines, goload's {@code [shutdown]} line
 * (goload-behavior.md §2.7), and no line for the partial last interval.
 */
class TenantsConsoleTest {
    private static TenantsConfig config(boolean idleOnly, boolean stagger) {
        return new TenantsConfig("http://127.0.0.1:6632", 1000, 10, 1, 10, 2, 120, stagger, idleOnly, 256, 32, 25000,
                600, 5, 64, 12000, 30000);
    }

    @Test
    void headerAndTrafficLineAreTheReferenceTemplates() {
        var out = new Synthetic.Out();
        new TenantsConsole(out.ps).header(config(false, true));
        assertEquals("goload -mode tenants -> http://127.0.0.1:6632 tenants=1000 queues=10000 consumers=10000"
                + " idleOnly=false\n"
                + "  traffic: per-tenant 10 msg/s <-> 2 msg/s every 120s (stagger=true) | aggregate 10000 <-> 2000"
                + " msg/s\n", out.text());
    }

    @Test
    void idleOnlyHasNoTrafficLine() {
        var out = new Synthetic.Out();
        new TenantsConsole(out.ps).header(config(true, false));
        assertEquals("goload -mode tenants -> http://127.0.0.1:6632 tenants=1000 queues=10000 consumers=10000"
                + " idleOnly=true\n", out.text());
    }

    @Test
    void provisionAndShutdownNotesAreTheirLines() {
        var out = new Synthetic.Out();
        TenantsConsole c = new TenantsConsole(out.ps);
        c.onNote(new TenantsNote.Provisioned(10000, 3.25));
        c.onNote(new TenantsNote.Provisioned(6, 0.04));
        c.onNote(new TenantsNote.ProvisionFailed(12, 10000));
        c.onNote(new TenantsNote.ShutdownCut(3, 15));
        c.onNote(new RunNote.Text("not a tenants line"));
        assertEquals("[provision] 10000 queues configured in 3.2s\n"
                + "[provision] 6 queues configured in 0.0s\n"
                + "[provision] FAILED: 12/10000 queues\n"
                + "[shutdown] 3 task(s) did not stop within 15s\n", out.text());
    }

    @Test
    void thePartialLastIntervalPrintsNothing() {
        var out = new Synthetic.Out();
        RunCounters.Snapshot some = Synthetic.counts(k -> k.pushed = 5);
        new TenantsConsole(out.ps).onInterval(new IntervalSnapshot<>("tenants", 3, "load", true, Synthetic.NOON_05 - 300,
                Synthetic.NOON_05, 0.3, 15.3, some, some, Map.of(), 0, 4, Synthetic.LOADER, List.of(),
                new TenantsFigures(1, 1, 1, 0, 0)));
        assertEquals("", out.text());
    }
}
