package dev.goload.client;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;

import com.github.tomakehurst.wiremock.WireMockServer;
import com.github.tomakehurst.wiremock.verification.LoggedRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One in-process WireMock on 127.0.0.1 and a free port per test class, reset before each test. Every test of a
 * subclass runs once per {@link HttpEngine}: the client contract must not depend on which HTTP implementation
 * carries it.
 */
@ParameterizedClass(name = "{0}")
@EnumSource(HttpEngine.class)
abstract class WireMockSupport {
    static WireMockServer wm;

    @Parameter
    HttpEngine engine;

    @BeforeAll
    static void startWireMock() {
        wm = new WireMockServer(options().bindAddress("127.0.0.1").dynamicPort().containerThreads(16));
        wm.start();
    }

    @AfterAll
    static void stopWireMock() {
        wm.stop();
    }

    @BeforeEach
    void resetWireMock() {
        wm.resetAll();
    }

    static String baseUrl() {
        return "http://127.0.0.1:" + wm.port();
    }

    /** The default configuration for {@code url}, carried by this invocation's engine. */
    ClientConfig config(String url) {
        return ClientConfig.of(url).withHttpEngine(engine);
    }

    QueenClient client() {
        return new QueenClient(config(baseUrl()));
    }

    /** A recorded generation-A body from src/test/resources/queen-wire/gen-a (see the README there). */
    static String genA(String name) {
        String path = "/queen-wire/gen-a/" + name;
        try (InputStream in = WireMockSupport.class.getResourceAsStream(path)) {
            if (in == null) throw new IllegalStateException("missing fixture " + path);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<LoggedRequest> requests() {
        return wm.getAllServeEvents().stream().map(e -> e.getRequest()).toList().reversed();
    }

    /** Polls (no fixed sleeps) until the condition holds; the timeout is only an upper bound. */
    static void await(BooleanSupplier cond, Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (!cond.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not met within " + max);
            Thread.sleep(5);
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
