package dev.goload.report.dashboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/** A test's reader of the dashboard's event stream: every event, in order, on a queue. */
public final class Sse implements AutoCloseable {
    public record Event(String id, String name, String data, JsonNode json) {}

    public static final Event EOF = new Event("", "eof", "", null);
    private static final ObjectMapper JSON = new ObjectMapper();

    final LinkedBlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final HttpURLConnection c;
    private final Thread reader;

    public Sse(String pageUrl) throws IOException {
        c = (HttpURLConnection) URI.create(pageUrl + "events").toURL().openConnection();
        c.setReadTimeout(30_000);
        c.connect();
        if (c.getResponseCode() != 200) throw new IOException("HTTP " + c.getResponseCode());
        BufferedReader in = new BufferedReader(new InputStreamReader(c.getInputStream(), StandardCharsets.UTF_8));
        reader = Thread.ofPlatform().daemon().start(() -> {
            String id = "", name = "", data = "";
            try {
                for (String line; (line = in.readLine()) != null; ) {
                    if (line.isEmpty()) {
                        if (!data.isEmpty()) events.add(new Event(id, name, data, JSON.readTree(data)));
                        id = name = data = "";
                    } else if (line.startsWith("id: ")) {
                        id = line.substring(4);
                    } else if (line.startsWith("event: ")) {
                        name = line.substring(7);
                    } else if (line.startsWith("data: ")) {
                        data = line.substring(6);
                    }
                }
            } catch (IOException e) {
                // the stream ended
            }
            events.add(EOF);
        });
    }

    /** The next event, failing after 20 s. */
    public Event next() throws InterruptedException {
        Event e = events.poll(20, TimeUnit.SECONDS);
        if (e == null) throw new AssertionError("no event within 20 s");
        return e;
    }

    /** The next event, which must be named {@code name}. */
    public Event next(String name) throws InterruptedException {
        Event e = next();
        if (!e.name().equals(name)) throw new AssertionError("expected " + name + ", got " + e.name() + ": " + e.data());
        return e;
    }

    /**
     * Leaves the connection to the server's end of the run (its final event ends the stream): closing an
     * {@link HttpURLConnection} mid-stream would drain it until the read timeout.
     */
    @Override
    public void close() {
        reader.interrupt();
    }
}
