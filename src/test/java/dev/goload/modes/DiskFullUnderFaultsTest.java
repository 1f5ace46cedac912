package dev.goload.modes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.goload.broker.BrokerOptions;
import dev.goload.broker.EmbeddedBroker;
import dev.goload.faults.FaultProxy;
import dev.goload.faults.LoadRecordInvariants;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fault matrix's full disk: the interval CSV's disk fills up after its first row while every third answer is
 * reset mid-body. Only the CSV is lost: the run goes to its end, every counter reconciles (offered = sent + shed,
 * sent = achieved + failed + canceled, every failure classified), the .hlog holds every sample, and the record
 * names the failure (the command then exits 1, {@link ArtifactWriteFailureTest}).
 */
class DiskFullUnderFaultsTest {
    @TempDir
    Path dir;

    @Test
    void aFullDiskDuringConnectionResetsCostsOnlyTheCsv() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.start(BrokerOptions.defaults());
             FaultProxy proxy = FaultProxy.to(broker.url())) {
            proxy.set(FaultProxy.Fault.RESET_MID_BODY, 3);
            OpenLoopRunFixture f = new OpenLoopRunFixture(proxy.url(), dir);
            f.rate = 500;
            f.durationSeconds = 2;
            f.consumers = 2;
            f.opener = file -> file.toString().endsWith(".csv")
                    ? new ArtifactWriteFailureTest.FillingDisk(Files.newOutputStream(file), 2)
                    : Files.newOutputStream(file);
            UncheckedIOException e = assertThrows(UncheckedIOException.class, f::run);
            assertTrue(e.getMessage().contains("run.intervals.csv failed at interval 1"), e.getMessage());
            assertTrue(proxy.faulted() > 0);

            JsonNode rec = f.record();
            assertEquals(1, rec.path("artifactErrors").size(), rec.toString());
            JsonNode c = LoadRecordInvariants.countersAndHlog(dir, f.console());
            assertTrue(LoadRecordInvariants.kind(c, "push.conn") + LoadRecordInvariants.kind(c, "pop.conn") > 0,
                    c.toString());
            assertTrue(f.console().contains("[final] offered="), f.console());
            assertEquals(2, Files.readAllLines(dir.resolve("run.intervals.csv")).size(), "the rows before the disk filled");
        }
    }
}
