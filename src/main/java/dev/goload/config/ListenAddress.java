package dev.goload.config;

/**
 * A {@code HOST:PORT} to listen on, as Go's {@code net.Listen} takes it ({@code 127.0.0.1:9464}, {@code :9464} = every
 * interface, {@code [::1]:0}, port 0 = a free one): the address of {@code -metrics-addr} and {@code -dashboard}.
 *
 * @param host an IP literal or host name, without brackets; {@code ""} = every interface
 * @param port 0..65535
 */
public record ListenAddress(String host, int port) {

    /**
     * @param flag    the flag's name for the messages ({@code metrics-addr})
     * @param addr    the value given, not empty
     * @param example a port for the messages' examples ({@code 9464})
     * @throws IllegalArgumentException naming the flag when the address is malformed
     */
    public static ListenAddress parse(String flag, String addr, int example) {
        int colon = addr.lastIndexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("-" + flag + " wants HOST:PORT (e.g. 127.0.0.1:" + example
                    + ", :0 = a free port), got " + addr);
        }
        String host = addr.substring(0, colon);
        String portText = addr.substring(colon + 1);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        } else if (host.contains(":")) {
            throw new IllegalArgumentException("-" + flag + ": write an IPv6 host in brackets ([::1]:" + example
                    + "), got " + addr);
        }
        int port;
        try {
            port = Integer.parseInt(portText);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("-" + flag + ": port is not a number in " + addr);
        }
        if (port < 0 || port > 65_535) {
            throw new IllegalArgumentException("-" + flag + ": port must be 0..65535 (0 = a free one), got " + addr);
        }
        return new ListenAddress(host, port);
    }
}
