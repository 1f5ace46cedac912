package dev.goload.report;

import dev.goload.modes.cloud.CloudCounters;
import dev.goload.modes.run.IntervalSnapshot;
import dev.goload.modes.run.RunListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * The cloud interval CSV {@code <out>/<run-id>-interval.csv} in the reference's exact columns and number formats,
 * one row per report interval (the partial last one when over 100 ms, as the console), fsync'ed after every row so a
 * killed run keeps every finished interval. goload's own {@code <run-id>.intervals.csv} (every mode's columns) is
 * {@link RunRecordWriter}'s.
 *
 * <p>Threading: the run thread only.
 */
public final class CloudCsv implements RunListener<CloudCounters.Snapshot>, AutoCloseable {
    public static final String HEADER = "t_sec,wall_utc,phase,offered_msg_s,pushed_msg_s,popped_msg_s,acked_msg_s,"
            + "shed_msg_s,inflight,e2e_p50_ms,e2e_p99_ms,push_p50_ms,push_p99_ms,err_push,err_pop,err_ack,err_429,"
            + "err_403,err_5xx,err_timeout,err_conn,empty_pops,cross_tenant,goroutines";
    private static final DateTimeFormatter RFC3339 =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'Z'").withZone(ZoneOffset.UTC);

    private final Path path;
    private final int pushBatch;
    private final FileChannel ch;
    private UncheckedIOException error;

    /** Creates (truncates) the file and writes the header; {@code pushBatch}: messages per push request. */
    public CloudCsv(Path path, int pushBatch) throws IOException {
        this.path = path;
        this.pushBatch = pushBatch;
        this.ch = FileChannel.open(path, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING);
        write(HEADER + "\n");
    }

    public Path path() {
        return path;
    }

    /** RFC 3339 UTC with second precision, as the reference's {@code wall_utc} and JSON timestamps. */
    public static String rfc3339(long epochMs) {
        return RFC3339.format(Instant.ofEpochMilli(epochMs));
    }

    static String row(CloudIntervalView iv) {
        IntervalSnapshot<? extends CloudCounters.Snapshot> s = iv.s();
        return String.join(",", GoFmt.f(1, s.endSec()), rfc3339(s.endEpochMs()), s.phase(),
                GoFmt.f(1, iv.offeredMsgPerSec()), GoFmt.f(1, iv.pushedMsgPerSec()), GoFmt.f(1, iv.poppedMsgPerSec()),
                GoFmt.f(1, iv.ackedMsgPerSec()), GoFmt.f(1, iv.shedMsgPerSec()), Integer.toString(s.inflight()),
                GoFmt.f(3, iv.e2e().p50()), GoFmt.f(3, iv.e2e().p99()), GoFmt.f(3, iv.pushRtt().p50()),
                GoFmt.f(3, iv.pushRtt().p99()), Long.toString(iv.errors("push")), Long.toString(iv.errors("pop")),
                Long.toString(iv.errors("ack")), Long.toString(iv.errorsOfKind("http_429")),
                Long.toString(iv.errorsOfKind("http_403")), Long.toString(iv.errorsOfKind("http_5xx")),
                Long.toString(iv.errorsOfKind("timeout")), Long.toString(iv.errorsOfKind("conn")),
                Long.toString(iv.emptyPops()), Long.toString(iv.crossTenant()), Integer.toString(s.liveTasks()));
    }

    @Override
    public void onInterval(IntervalSnapshot<? extends CloudCounters.Snapshot> s) {
        CloudIntervalView iv = new CloudIntervalView(s, pushBatch);
        if (error != null || !iv.shown()) {
            return;
        }
        try {
            write(row(iv) + "\n");
        } catch (IOException e) {
            // Never abort the run over the CSV: the counters and the JSON record still matter. Reported at the end.
            error = new UncheckedIOException("cannot write " + path + ": " + e.getMessage(), e);
        }
    }

    /** The first write failure, or null. */
    public UncheckedIOException error() {
        return error;
    }

    private void write(String s) throws IOException {
        ByteBuffer b = ByteBuffer.wrap(s.getBytes(StandardCharsets.UTF_8));
        while (b.hasRemaining()) {
            ch.write(b);
        }
        ch.force(false);
    }

    @Override
    public void close() throws IOException {
        ch.close();
    }
}
