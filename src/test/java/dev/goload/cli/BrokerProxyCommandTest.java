package dev.goload.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.goload.broker.ProxyOptions;
import dev.goload.client.ClientConfig;
import dev.goload.client.PopRequest;
import dev.goload.client.QueenClient;
import dev.goload.client.QueenException;
import dev.goload.tenancy.Tenant;
import dev.goload.tenancy.TenantsFile;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code goload broker -proxy …} end to end through Main, with the real client. */
class BrokerProxyCommandTest {
    @TempDir
    Path dir;

    /** The real launcher, remembering what it started so the test can stop the blocking command. */
    private static final class Capturing implements BrokerLauncher {
        final AtomicReference<Running> running = new AtomicReference<>();
        final AtomicReference<ProxyOptions> proxy = new AtomicReference<>();

        @Override
        public Running start(Settings s) throws Exception {
            return start(s, null);
        }

        @Override
        public Running start(Settings s, ProxyOptions p) throws Exception {
            proxy.set(p);
            Running r = BrokerLaunchers.embedded().start(s, p);
            running.set(r);
            return r;
        }
    }

    @Test
    void synthesizesTenantsIntoTheFileAndServesThemBehindTheProxy() throws Exception {
        Path file = dir.resolve("t.json");
        Capturing launcher = new Capturing();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        CompletableFuture<Integer> code = CompletableFuture.supplyAsync(() -> Main.run(new String[] {"broker",
                "-port", "0", "-proxy", "-tenants-file", file.toString(), "-proxy-tenants", "2", "-proxy-rate", "1000"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                ModeRegistry.standard(), launcher, false));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (launcher.running.get() == null && System.nanoTime() < deadline && !code.isDone()) {
            Thread.sleep(10);
        }
        BrokerLauncher.Running broker = launcher.running.get();
        assertTrue(broker != null, err.toString(StandardCharsets.UTF_8));
        try {
            TenantsFile f = TenantsFile.read(file);
            assertEquals(2, f.tenants().size());
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
            Tenant t0 = f.tenants().get(0);
            try (QueenClient c = new QueenClient(ClientConfig.of(broker.url()).withHostHeader(t0.clusterSlug())
                    .withBearerToken(t0.apiKey()));
                    QueenClient wrong = new QueenClient(ClientConfig.of(broker.url()).withHostHeader("nope")
                            .withBearerToken(t0.apiKey()))) {
                assertTrue(c.pop(PopRequest.of("q")).empty());
                assertEquals(421, assertThrows(QueenException.class, () -> wrong.pop(PopRequest.of("q"))).status());
            }
            String all = out.toString(StandardCharsets.UTF_8) + err.toString(StandardCharsets.UTF_8);
            for (Tenant t : f.tenants()) {
                assertFalse(all.contains(t.apiKey()), "a key was printed");
            }
            assertTrue(all.contains("proxy personality: 2 cluster(s), enforce"), all);
        } finally {
            broker.close();
        }
        assertEquals(0, code.get(20, TimeUnit.SECONDS));
    }

    @Test
    void refusesAProxyWithoutTenantsOrWithAPendingTenant() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
        PrintStream o = new PrintStream(new ByteArrayOutputStream());
        assertEquals(2, Main.run(new String[] {"broker", "-proxy"}, o, e, ModeRegistry.standard(),
                new Capturing(), false));
        Path file = dir.resolve("pending.json");
        new TenantsFile("c", "p", "x", "", List.of(new Tenant(0, "camp-0000", "camp-0000", "t", "c", "",
                "qk_live_" + "a".repeat(43), "bench", true))).write(file);
        assertEquals(2, Main.run(new String[] {"broker", "-proxy", "-tenants-file", file.toString()}, o, e,
                ModeRegistry.standard(), new Capturing(), false));
        String text = err.toString(StandardCharsets.UTF_8);
        assertTrue(text.contains("pending"), text);
        assertFalse(text.contains("a".repeat(43)), text);
    }
}
