package dev.goload.modes;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.any;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.postRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.goload.client.ClientConfig;
import dev.goload.client.QueenClient;
import dev.goload.client.RetryPolicy;
import dev.goload.config.ConsumerOptions;
import dev.goload.config.QueueOptions;
import dev.goload.config.RunOptions;
import dev.goload.pace.NanoClock;
import dev.goload.modes.run.RunListener;
import dev.goload.modes.run.RunNote;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * goload-behavior.md §2.1 (and §2.2 "as max"): the t=0 configure runs under a 10 s bound of its own, retries
 * included, then the run goes on with {@code [configure] WARNING: …}. Before, the bound was {@code -timeout}
 * (30 s) per attempt times {@code -retries}+1 attempts: a broker that did not answer delayed {@code max} by 93 s.
 */
class ConfigureTimeoutTest {
    @TempDir
    Path dir;

    private WireMockServer wm;

    @BeforeEach
    void start() {
        wm = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort());
        wm.start();
        wm.stubFor(any(anyUrl()).willReturn(aResponse().withStatus(204)));
        wm.stubFor(post(urlEqualTo("/api/v1/configure")).willReturn(aResponse().withStatus(200)
                .withFixedDelay(60_000).withBody("{}")));
    }

    @AfterEach
    void stop() {
        wm.stop();
    }

    @Test
    void aConfigureThatNeverAnswersIsCutAtTheBoundRetriesIncludedAndTheRunGoesOn() throws Exception {
        // -timeout 20000 and 3 attempts: unbounded, configure alone would take > 60 s; the cut at 1.5 s is far before
        // the first attempt's own deadline even on a loaded machine.
        ClientConfig cc = ClientConfig.of("http://127.0.0.1:" + wm.port()).withTimeoutMillis(20_000)
                .withRetry(new RetryPolicy(3, 10));
        List<RunNote> notes = new java.util.concurrent.CopyOnWriteArrayList<>();
        RunListener<Void> listener = new RunListener<>() {
            @Override
            public void onNote(RunNote note) {
                notes.add(note);
            }
        };
        var setup = new LoadRun.Setup("max", new QueueOptions("q", 1, 300, 0, 0, 0, false),
                new ConsumerOptions(0, 10, true, 1, false, 2000, 2, false, false, 1),
                new RunOptions(1, 1, dir, "run", "test"), false, Map.of("leaseTime", 30), LoaderBoundRules.DEFAULTS);
        try (QueenClient client = new QueenClient(cc)) {
            LoadRun run = new LoadRun(setup, client, ctx -> new LoadRun.Producers() {
                @Override public void start() {}
                @Override public void stop() {}
                @Override public int inflight() { return 0; }
            }, List.of(listener), NanoClock.SYSTEM);
            run.configureTimeoutMillis = 1500;
            RunResult r = run.execute(new RunSignal());

            assertNotNull(r.configureError());
            assertEquals(new LoadRun.ConfigureFailed("create queue failed: no answer within 1500 ms"), notes.get(0),
                    notes.toString());
            assertEquals(1, r.outcome().errors().get("configure").kind("timeout"), "counted as a configure error");
            assertEquals(1, wm.findAll(postRequestedFor(urlEqualTo("/api/v1/configure"))).size(),
                    "cut before the first attempt's own 20 s deadline, so never retried");
            // the run went on after the cut (no stopwatch: the order of the broker's requests and the run's end say it)
            List<String> urls = wm.getAllServeEvents().reversed().stream().map(e -> e.getRequest().getUrl()).toList();
            assertEquals("/api/v1/configure", urls.get(0), "the configure came first: " + urls);
            assertTrue(urls.subList(1, urls.size()).stream().anyMatch(u -> u.endsWith("/health")),
                    "the run's health check followed the cut configure: " + urls);
            assertEquals("duration", r.outcome().stopReason(), "the run went on to its end");
            assertTrue(r.outcome().phases().stream().anyMatch(p -> p.name().equals("load")), r.outcome().phases().toString());
        }
    }
}
