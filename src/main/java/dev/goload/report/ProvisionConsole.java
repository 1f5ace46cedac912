package dev.goload.report;

import dev.goload.modes.provision.ProvisionNote;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import java.io.PrintStream;

/**
 * Every {@code [provision]} line of {@code -mode provision} (goload-behavior.md §2.4), in the reference's words: the
 * plan, the progress, each failure and the end. psql's stderr lines go to stderr with a {@code [provision] psql:}
 * prefix. No line carries an API key (no note holds one). Called on the run's thread.
 */
public final class ProvisionConsole implements RunListener<Void> {
    private final PrintStream out;
    private final PrintStream err;

    public ProvisionConsole(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public void onNote(RunNote note) {
        switch (note) {
            case ProvisionNote.CannotRead n -> out.printf("[provision] cannot read %s: %s%n", n.file(), n.message());
            case ProvisionNote.NothingToDo n -> out.printf("[provision] %s already holds %d/%d tenants with keys"
                    + " — nothing to do%n", n.file(), n.have(), n.tenants());
            case ProvisionNote.ToCreate n -> out.printf("[provision] %d tenant(s) to create (%s...) plan=%s cell=%s"
                    + " key=%s%n", n.count(), GoFmt.slice(n.firstIndices()), n.plan(), n.cell(), n.keyName());
            case ProvisionNote.PendingLookups n ->
                    out.printf("[provision] %d tenant(s) with a pending broker_tenant_uuid lookup%n", n.count());
            case ProvisionNote.Statements n -> out.println(n.text());
            case ProvisionNote.PsqlNotice n -> err.println("[provision] psql: " + n.line());
            case ProvisionNote.Failed n -> out.println("[provision] FAILED: " + n.message());
            case ProvisionNote.NullKey n -> out.printf("[provision] tenant %s: bootstrap_tenant returned a NULL api_key"
                    + " (a key named %s already exists on that cluster and the plaintext is unrecoverable). Re-run"
                    + " with -key-name <fresh>.%n", n.slug(), GoFmt.quote(n.keyName()));
            case ProvisionNote.LookupFailed n -> {
                out.printf("[provision] tenants created but broker_tenant_uuid lookup FAILED: %s%n", n.message());
                out.printf("[provision] the keys are saved in %s (brokerTenant pending); re-run to complete the"
                        + " lookup%n", n.file());
            }
            case ProvisionNote.NoBrokerTenant n ->
                    out.printf("[provision] FAILED: no broker_tenant_uuid for cluster %s%n", n.slug());
            case ProvisionNote.CannotWrite n ->
                    out.printf("[provision] FAILED: cannot write %s: %s%n", n.file(), n.message());
            case ProvisionNote.Done n -> out.printf("[provision] +%d tenants in %ss -> %s now holds %d (first=%s"
                    + " last=%s)%n", n.created(), GoFmt.f(1, n.seconds()), n.file(), n.holds(), n.first(), n.last());
            case RunNote.Text t -> out.println(t.line());
            default -> { }
        }
    }
}
