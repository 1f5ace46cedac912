package dev.goload.report.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A scrape of a metrics endpoint over loopback and a small parser of the Prometheus text format (0.0.4) and
 * OpenMetrics text: samples {@code name{label="value",…} value}, comments skipped, label values unescaped.
 */
public record Exposition(String contentType, String body, List<Sample> samples) {

    public record Sample(String name, Map<String, String> labels, double value) {}

    public static final String OPENMETRICS = "application/openmetrics-text; version=1.0.0; charset=utf-8";
    public static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4";
    public static final String PROTOBUF =
            "application/vnd.google.protobuf; proto=io.prometheus.client.MetricFamily; encoding=delimited";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    /** GETs {@code url} with {@code accept}; fails on a status other than 200. */
    public static Exposition scrape(String url, String accept) {
        HttpResponse<String> r = get(url, accept);
        if (r.statusCode() != 200) throw new AssertionError("GET " + url + " -> " + r.statusCode() + ": " + r.body());
        String ct = r.headers().firstValue("Content-Type").orElse("");
        return new Exposition(ct, r.body(), accept.startsWith("application/vnd") ? List.of() : parse(r.body()));
    }

    public static HttpResponse<String> get(String url, String accept) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                    .header("Accept", accept).GET().build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static List<Sample> parse(String text) {
        List<Sample> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) continue;
            int i = 0;
            while (i < line.length() && line.charAt(i) != '{' && line.charAt(i) != ' ') i++;
            String name = line.substring(0, i);
            Map<String, String> labels = new TreeMap<>();
            if (i < line.length() && line.charAt(i) == '{') {
                i++;
                while (line.charAt(i) != '}') {
                    int eq = line.indexOf('=', i);
                    String key = line.substring(i, eq);
                    StringBuilder v = new StringBuilder();
                    int j = eq + 2; // past ="
                    while (line.charAt(j) != '"') {
                        char c = line.charAt(j++);
                        if (c == '\\') {
                            char e = line.charAt(j++);
                            v.append(e == 'n' ? '\n' : e);
                        } else {
                            v.append(c);
                        }
                    }
                    labels.put(key, v.toString());
                    i = j + 1;
                    if (line.charAt(i) == ',') i++;
                }
                i++;
            }
            String[] rest = line.substring(i).trim().split(" ");
            out.add(new Sample(name, labels, parseValue(rest[0])));
        }
        return out;
    }

    private static double parseValue(String v) {
        return switch (v) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(v);
        };
    }

    /** The samples named {@code name} whose labels include every pair of {@code with} (k1, v1, k2, v2, …). */
    public List<Sample> find(String name, String... with) {
        Predicate<Sample> p = s -> s.name().equals(name);
        for (int k = 0; k < with.length; k += 2) {
            String key = with[k], val = with[k + 1];
            p = p.and(s -> val.equals(s.labels().get(key)));
        }
        return samples.stream().filter(p).toList();
    }

    /** The one sample named {@code name} with those labels. */
    public double value(String name, String... with) {
        List<Sample> l = find(name, with);
        if (l.size() != 1) throw new AssertionError(l.size() + " samples " + name + " " + List.of(with) + " in:\n" + body);
        return l.get(0).value();
    }
}
