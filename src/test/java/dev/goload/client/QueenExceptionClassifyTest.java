package dev.goload.client;

import static org.junit.jupiter.api.Assertions.*;

import com.fasterxml.jackson.core.JsonParseException;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.concurrent.CancellationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The errkinds.go rules (queen-wire.md §B.2), first match wins. */
class QueenExceptionClassifyTest {

    static Stream<Arguments> table() {
        InterruptedIOException okhttpTimeout = new InterruptedIOException("timeout");
        okhttpTimeout.initCause(new IOException("Canceled"));
        return Stream.of(
                Arguments.of(new IOException("Canceled"), ErrorKind.CANCELED),
                Arguments.of(new RuntimeException("wrap", new IOException("context canceled")), ErrorKind.CANCELED),
                Arguments.of(new CancellationException(), ErrorKind.CANCELED),
                Arguments.of(new RuntimeException(new InterruptedException()), ErrorKind.CANCELED),
                Arguments.of(QueenException.http(429, "rate_limited", 1, ""), ErrorKind.HTTP_429),
                Arguments.of(QueenException.http(403, "cluster_suspended", Double.NaN, ""), ErrorKind.HTTP_403),
                Arguments.of(QueenException.http(421, "", Double.NaN, "timeout in body"), ErrorKind.HTTP_4XX),
                Arguments.of(QueenException.http(404, "", Double.NaN, ""), ErrorKind.HTTP_4XX),
                Arguments.of(QueenException.http(500, "", Double.NaN, "connection reset"), ErrorKind.HTTP_5XX),
                Arguments.of(QueenException.http(503, "", Double.NaN, ""), ErrorKind.HTTP_5XX),
                Arguments.of(QueenException.http(302, "", Double.NaN, ""), ErrorKind.OTHER),
                Arguments.of(okhttpTimeout, ErrorKind.TIMEOUT),
                Arguments.of(new SocketTimeoutException("Read timed out"), ErrorKind.TIMEOUT),
                Arguments.of(new IOException("context deadline exceeded"), ErrorKind.TIMEOUT),
                Arguments.of(new IOException("i/o timeout"), ErrorKind.TIMEOUT),
                Arguments.of(new ConnectException("Connection refused"), ErrorKind.CONN),
                Arguments.of(new SocketException("Connection reset"), ErrorKind.CONN),
                Arguments.of(new IOException("write: broken pipe"), ErrorKind.CONN),
                Arguments.of(new IOException("unexpected EOF"), ErrorKind.CONN),
                Arguments.of(new EOFException(), ErrorKind.CONN),
                Arguments.of(new UnknownHostException("nohost.invalid"), ErrorKind.CONN),
                Arguments.of(new IOException("dial tcp: lookup x: no such host"), ErrorKind.CONN),
                Arguments.of(new IOException("connect: network is unreachable"), ErrorKind.CONN),
                Arguments.of(new IOException("cannot assign requested address"), ErrorKind.CONN),
                Arguments.of(new IOException("accept: too many open files"), ErrorKind.CONN),
                Arguments.of(new IOException("unexpected end of stream on http://x"), ErrorKind.CONN),
                Arguments.of(new JsonParseException(null, "Unexpected character ('<')"), ErrorKind.DECODE),
                Arguments.of(QueenException.of(ErrorKind.DECODE, 200, "decode", null), ErrorKind.DECODE),
                Arguments.of(new IllegalStateException("weird"), ErrorKind.OTHER),
                Arguments.of(null, ErrorKind.OTHER));
    }

    @ParameterizedTest
    @MethodSource("table")
    void classifiesLikeTheReference(Throwable t, ErrorKind expected) {
        assertEquals(expected, QueenException.classify(t));
    }

    @Test
    void labelsMatchTheReportKeys() {
        assertEquals("http_429", ErrorKind.HTTP_429.label());
        assertEquals("http_4xx", ErrorKind.HTTP_4XX.label());
        assertEquals("canceled", ErrorKind.CANCELED.label());
        assertEquals("decode", ErrorKind.DECODE.label());
    }

    @Test
    void bodyIsTruncatedTo2KiBAndMessageHasNoStackTrace() {
        QueenException e = QueenException.http(500, "", Double.NaN, "x".repeat(10_000));
        assertEquals(2048, e.body().length());
        assertEquals(0, e.getStackTrace().length);
        assertEquals("HTTP 500: " + "x".repeat(2048), e.getMessage());
    }
}
