package dev.goload.client;

import static dev.goload.client.RawHttpServer.ok;
import static dev.goload.client.RawHttpServer.send;
import static org.junit.jupiter.api.Assertions.*;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A client whose calls all take the http1 engine never builds OkHttp (its 17 clients and the platform's trust store,
 * ~1 MB of certificates the first OkHttp client loads, resident for the run); the first call that needs OkHttp builds
 * it, and closing works whether or not it was built.
 */
class TransportOkHttpOnDemandTest extends Http1EngineTestSupport {
    private static final Transport.CallSpec SPEC = new Transport.CallSpec("call failed: ", 10_000, false, false);

    private static String call(Transport t, String url) {
        return t.execute(t.request().url(url).get().build(), SPEC,
                (status, body) -> status + " " + new String(body.bytes(), java.nio.charset.StandardCharsets.UTF_8));
    }

    @Test
    void callsToTheBaseUrlOnHttp1NeverBuildOkHttp() {
        server.script(send(ok("{\"a\":1}")), send(ok("{\"a\":2}")));
        Transport t = new Transport(ClientConfig.of(server.url()).withHttpEngine(HttpEngine.HTTP1), new ClientStats());
        try {
            assertEquals("200 {\"a\":1}", call(t, server.url() + "/health"));
            assertEquals("200 {\"a\":2}", call(t, server.url() + "/health"));
            t.cancelAll();
            assertFalse(t.okHttpBuilt(), "no call needed OkHttp");
        } finally {
            t.close();
        }
        assertFalse(t.okHttpBuilt(), "closing does not build it either");
    }

    @Test
    void theFirstCallThatNeedsOkHttpBuildsIt() throws IOException {
        try (RawHttpServer other = new RawHttpServer()) {
            other.script(send(ok("{\"b\":1}")), send(ok("{\"b\":2}")));
            server.script(send(ok("{\"a\":1}")));
            Transport t = new Transport(ClientConfig.of(server.url()).withHttpEngine(HttpEngine.HTTP1), new ClientStats());
            try {
                assertEquals("200 {\"a\":1}", call(t, server.url() + "/health"));
                assertFalse(t.okHttpBuilt());
                // another host than the base URL's goes through OkHttp
                String otherUrl = other.url().replace("127.0.0.1", "localhost");
                assertEquals("200 {\"b\":1}", call(t, otherUrl + "/health"));
                assertTrue(t.okHttpBuilt());
                assertEquals("200 {\"b\":2}", call(t, otherUrl + "/health"));
            } finally {
                t.close();
            }
        }
    }

    @Test
    void aClientOnOkHttpBuildsItAtItsFirstCall() {
        server.script(send(ok("{\"a\":1}")));
        Transport t = new Transport(ClientConfig.of(server.url()).withHttpEngine(HttpEngine.OKHTTP), new ClientStats());
        try {
            assertFalse(t.okHttpBuilt(), "built by the first call, not by the constructor");
            assertEquals("200 {\"a\":1}", call(t, server.url() + "/health"));
            assertTrue(t.okHttpBuilt());
        } finally {
            t.close();
        }
    }
}
