package dev.goload.report;

import java.util.Map;

/**
 * What a command knows about a run before it starts, for the {@code goload.run/2} record's opening fields. The
 * command builds it from its config record and parsed flags; secrets must already be masked in {@code flags} and
 * {@code configLine} (the writer masks nothing).
 *
 * @param toolVersion goload's version
 * @param httpClient  the client engine ({@code http1} or {@code okhttp}); empty for modes without a broker client
 * @param configLine  the printed configuration line(s), {@code \n}-joined
 * @param flags       every effective flag, as the Go string of its value, secrets masked
 * @param seed        the run's random seed when it has one (openloop's Poisson arrivals, app's Zipf), else null
 * @param broker      where the run sent its traffic
 */
public record RunHeader(String runId, String mode, String toolVersion, String httpClient, String configLine,
                        Map<String, Object> flags, Long seed, Broker broker) {

    /**
     * @param url       the broker's (or proxy's) base URL, without credentials
     * @param embedded  goload started the broker itself ({@code -embedded})
     * @param inProcess that embedded broker runs inside the loader's JVM (false: its own process)
     */
    public record Broker(String url, boolean embedded, boolean inProcess) {
        public Broker {
            url = withoutUserInfo(url);
        }

        static String withoutUserInfo(String url) {
            if (url == null) return "";
            int scheme = url.indexOf("://");
            int at = url.indexOf('@');
            int slash = scheme < 0 ? -1 : url.indexOf('/', scheme + 3);
            if (scheme >= 0 && at > scheme && (slash < 0 || at < slash)) {
                return url.substring(0, scheme + 3) + url.substring(at + 1);
            }
            return url;
        }
    }
}
