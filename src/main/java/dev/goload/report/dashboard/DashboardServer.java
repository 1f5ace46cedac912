package dev.goload.report.dashboard;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.goload.config.DashboardOptions;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.PackedHistogram;

/**
 * The live dashboard of a run ({@code -dashboard ADDR}, docs/dashboard.md): a {@link RunListener} of any mode that
 * serves a page ({@code /}) drawing the run as it goes and one Server-Sent Events stream ({@code /events}) that
 * brings it every report interval; after the run, the final figures and the verdict's why, and the HTML report at
 * {@code /report} when the run wrote one. The JDK's {@code com.sun.net.httpserver}; the page inlines the report's
 * uPlot, so it works offline.
 *
 * <p>It never disturbs the run. The reporter thread only copies each interval's histograms (into
 * {@link PackedHistogram}s) and hands the interval to the dashboard's own feed thread ({@link DashFeed}), which keeps
 * the bounded history and encodes the events; browsers are written to by the dashboard's own server threads, each
 * from a bounded queue, and one that falls behind is dropped ({@link SseClient}). At most {@link #MAX_CLIENTS}
 * streams at once; more get 503. Nothing secret is served: the events hold counts, times, recorder tags, error kinds
 * and the record's verdict (docs/dashboard.md, "What it never shows").
 *
 * <pre>{@code
 * DashboardServer d = DashboardServer.start(options, info);
 * d.announce(err);                           // [dashboard] serving http://127.0.0.1:5665/
 * listeners.add(d);                          // then run
 * d.finish(recordFile, htmlFile);            // once the record and the report are written
 * d.close();                                 // after -dashboard-linger
 * }</pre>
 */
public final class DashboardServer implements RunListener<Object>, AutoCloseable {
    /** Concurrent event streams served; one more is answered 503. */
    static final int MAX_CLIENTS = 8;
    /** Events a stream may be behind before it is dropped. */
    static final int CLIENT_QUEUE = 32;
    /** How long the end of the run waits for connected pages to receive the final event. */
    static final long FLUSH_MILLIS = 2_000;

    /** What the page says about the run before its first interval. */
    public record RunInfo(String runId, String mode, String shard, long durationSeconds, int reportSeconds) {}

    private final HttpServer http;
    private final ThreadPoolExecutor pool;
    private final DashFeed feed;
    private final byte[] page;
    private final String url;
    private final Duration linger;
    /** Reporter thread only: this interval's histograms so far. */
    private Map<String, PackedHistogram> pending = new HashMap<>();
    private volatile long finishedAtNanos = -1;

    private DashboardServer(DashboardOptions o, RunInfo info, int fineCap, int coarseCap) throws IOException {
        this.linger = o.linger();
        this.feed = new DashFeed(info, new DashHistory(fineCap, coarseCap), CLIENT_QUEUE, MAX_CLIENTS);
        this.page = DashboardPage.html(info).getBytes(StandardCharsets.UTF_8);
        InetSocketAddress bind = bindAddress(o);
        this.http = HttpServer.create(bind, 32);
        this.pool = new ThreadPoolExecutor(1, MAX_CLIENTS + 2, 30, TimeUnit.SECONDS, new SynchronousQueue<>(),
                Thread.ofPlatform().daemon().name("goload-dashboard-http-", 0).factory());
        http.setExecutor(pool); // a full pool refuses the connection: the server closes it
        http.createContext("/", this::handle);
        http.start();
        String h = o.host().isEmpty() ? "0.0.0.0" : bind.getAddress().getHostAddress();
        this.url = "http://" + (h.contains(":") ? "[" + h + "]" : h) + ":" + http.getAddress().getPort() + "/";
    }

    /**
     * Binds the dashboard and serves the page from now on (the stream sends nothing before the first interval).
     *
     * @throws IOException when the address cannot be bound, the message naming the flag
     */
    public static DashboardServer start(DashboardOptions o, RunInfo info) throws IOException {
        return start(o, info, DashHistory.DEFAULT_FINE, DashHistory.DEFAULT_COARSE);
    }

    /** As {@link #start(DashboardOptions, RunInfo)} with the history's tiers sized (tests). */
    static DashboardServer start(DashboardOptions o, RunInfo info, int fineCap, int coarseCap) throws IOException {
        if (!o.enabled()) throw new IllegalArgumentException("dashboard is off");
        try {
            return new DashboardServer(o, info, fineCap, coarseCap);
        } catch (IOException e) {
            throw new IOException("cannot serve -dashboard " + o.display() + ": " + why(e), e);
        }
    }

    /**
     * Whether {@code o}'s address can be bound now: empty when it can, else the reason, so a port in use is a bad
     * command line said before anything starts. Port 0 (a free one) always can.
     */
    public static java.util.Optional<String> probe(DashboardOptions o) {
        if (!o.enabled() || o.port() == 0) return java.util.Optional.empty();
        try (ServerSocket s = new ServerSocket()) {
            s.bind(bindAddress(o));
            return java.util.Optional.empty();
        } catch (IOException | RuntimeException e) {
            return java.util.Optional.of("-dashboard " + o.display() + ": cannot listen there: " + why(e)
                    + (e instanceof BindException ? " (is another run's dashboard on it? give another port, or :0)"
                    : ""));
        }
    }

    private static InetSocketAddress bindAddress(DashboardOptions o) throws IOException {
        return o.host().isEmpty() ? new InetSocketAddress(o.port())
                : new InetSocketAddress(InetAddress.getByName(o.host()), o.port());
    }

    private static String why(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    /** The page's URL, with the port actually bound. */
    public String url() {
        return url;
    }

    /** Says where the page is, on stderr (stdout stays the reference's). */
    public void announce(PrintStream err) {
        err.println("[dashboard] serving " + url + (linger.isZero() ? ""
                : " (kept " + dev.goload.report.GoFmt.duration(linger) + " after the run)"));
        err.flush();
    }

    @Override
    public void onHistogram(String tag, Histogram interval) {
        if (interval.getTotalCount() > 0) pending.put(tag, DashPoint.packed(interval));
    }

    @Override
    public void onInterval(IntervalSnapshot<?> s) {
        DashPoint p = DashPoint.of(s, pending);
        pending = new HashMap<>();
        feed.interval(p, s);
    }

    /**
     * The run has ended and its artifacts are written: the final event (the record's verdict, its why and the
     * whole-run figures) goes to every page, and {@code /report} serves the HTML report.
     *
     * @param record the run record, null when the run wrote none
     * @param html   the HTML report, null when none was written
     */
    public void finish(Path record, Path html) {
        feed.finish(record, html);
        finishedAtNanos = System.nanoTime();
    }

    /** Keeps serving for the rest of {@code -dashboard-linger}, then stops; never waits for a browser. */
    @Override
    public void close() {
        try {
            if (finishedAtNanos < 0) feed.finish(null, null);
            feed.awaitFlushed(FLUSH_MILLIS);
            long left = linger.toNanos() - (finishedAtNanos < 0 ? 0 : System.nanoTime() - finishedAtNanos);
            if (left > 0) TimeUnit.NANOSECONDS.sleep(left);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            feed.close();
            http.stop(0);
            pool.shutdownNow();
        }
    }

    DashFeed feed() {
        return feed;
    }

    private void handle(HttpExchange x) throws IOException {
        try (x) {
            if (!"GET".equals(x.getRequestMethod()) && !"HEAD".equals(x.getRequestMethod())) {
                reply(x, 405, "text/plain", "GET only\n".getBytes(StandardCharsets.UTF_8));
                return;
            }
            switch (x.getRequestURI().getPath()) {
                case "/", "/index.html" -> reply(x, 200, "text/html; charset=utf-8", page);
                case "/events" -> events(x);
                case "/report" -> report(x);
                default -> reply(x, 404, "text/plain", "not found\n".getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    private void events(HttpExchange x) throws IOException {
        SseClient c = feed.connect();
        if (c == null) {
            reply(x, 503, "text/plain", ("at most " + MAX_CLIENTS + " dashboard streams at once\n")
                    .getBytes(StandardCharsets.UTF_8));
            return;
        }
        x.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        x.getResponseHeaders().set("Cache-Control", "no-store");
        x.sendResponseHeaders(200, 0);
        try (OutputStream out = x.getResponseBody()) {
            c.pump(out);
        } catch (IOException e) {
            // the stream was dropped or the browser left: nothing to tell anyone
        } finally {
            feed.disconnect(c);
        }
    }

    private void report(HttpExchange x) throws IOException {
        Path html = feed.reportFile();
        if (html == null || !Files.isRegularFile(html)) {
            reply(x, 404, "text/plain", "no HTML report (yet): it is written when the run ends, with -out and -html\n"
                    .getBytes(StandardCharsets.UTF_8));
            return;
        }
        reply(x, 200, "text/html; charset=utf-8", Files.readAllBytes(html));
    }

    private static void reply(HttpExchange x, int code, String type, byte[] body) throws IOException {
        x.getResponseHeaders().set("Content-Type", type);
        x.getResponseHeaders().set("Cache-Control", "no-store");
        boolean head = "HEAD".equals(x.getRequestMethod());
        x.sendResponseHeaders(code, head ? -1 : body.length);
        if (!head) x.getResponseBody().write(body);
    }
}
