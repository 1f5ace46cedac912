package dev.goload.broker;

/**
 * Where the proxy personality sends an admitted request: the in-process broker's {@link Router}, or a broker
 * over HTTP ({@link HttpUpstream}). The request carries the tenant the proxy resolved from the credentials.
 *
 * <p>Implementations are thread-safe.
 */
@FunctionalInterface
interface Upstream {
    Reply dispatch(Request r) throws java.io.IOException;
}
