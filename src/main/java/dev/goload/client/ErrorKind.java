package dev.goload.client;

/**
 * Error families recorded by goload (the reference's {@code errkinds.go}); {@link #label()} is the name used in
 * every report and JSON artifact.
 */
public enum ErrorKind {
    HTTP_429("http_429"),
    HTTP_403("http_403"),
    HTTP_4XX("http_4xx"),
    HTTP_5XX("http_5xx"),
    TIMEOUT("timeout"),
    CONN("conn"),
    /** The run (or the caller) cancelled the call; goload records it by kind but never in an error total. */
    CANCELED("canceled"),
    /** A 2xx answer whose body could not be decoded (truncated JSON, HTML, wrong types). */
    DECODE("decode"),
    OTHER("other");

    private final String label;

    ErrorKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /** Kind for an HTTP status that is not a success (rule 2 of errkinds.go). */
    static ErrorKind ofStatus(int status) {
        if (status == 429) return HTTP_429;
        if (status == 403) return HTTP_403;
        if (status >= 500) return HTTP_5XX;
        if (status >= 400) return HTTP_4XX;
        return OTHER;
    }
}
