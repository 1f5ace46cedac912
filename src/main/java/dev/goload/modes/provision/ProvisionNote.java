package dev.goload.modes.provision;

import dev.goload.modes.run.RunNote;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code -mode provision} says as it goes (goload-behavior.md §2.4); report/ProvisionConsole renders each in
 * the reference's words. A line a backend composed whole (its failure with psql's stderr) comes as a
 * {@link RunNote.Text}. No note carries an API key.
 */
public sealed interface ProvisionNote extends RunNote {

    /** The tenants file could not be read; nothing was done. */
    record CannotRead(Path file, String message) implements ProvisionNote {}

    /** The file already holds every tenant with its key and broker tenant. */
    record NothingToDo(Path file, int have, int tenants) implements ProvisionNote {}

    /** Tenants about to be created: their count and the first (at most 3) indices. */
    record ToCreate(int count, List<Integer> firstIndices, String plan, String cell, String keyName)
            implements ProvisionNote {}

    /** Tenants whose broker_tenant_uuid lookup a previous run left pending. */
    record PendingLookups(int count) implements ProvisionNote {}

    /** {@code -dry-run}: the statements that would run. */
    record Statements(String text) implements ProvisionNote {}

    /** A stderr line of psql (the console puts it on stderr). */
    record PsqlNotice(String line) implements ProvisionNote {}

    /** A step failed: {@code [provision] FAILED: <message>}. */
    record Failed(String message) implements ProvisionNote {}

    /** bootstrap_tenant returned no key for {@code slug}: a key named {@code keyName} exists on that cluster. */
    record NullKey(String slug, String keyName) implements ProvisionNote {}

    /** The keys are saved, but the broker tenant lookup failed; a re-run completes it. */
    record LookupFailed(String message, Path file) implements ProvisionNote {}

    /** The lookup found no broker_tenant_uuid for the cluster {@code slug}. */
    record NoBrokerTenant(String slug) implements ProvisionNote {}

    /** The tenants file could not be written. */
    record CannotWrite(Path file, String message) implements ProvisionNote {}

    /** The run's end: {@code created} new tenants, the file now holds {@code holds} (first and last slug). */
    record Done(int created, double seconds, Path file, int holds, String first, String last)
            implements ProvisionNote {}
}
