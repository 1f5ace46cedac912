package dev.goload.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The targets a summary is judged by, read from {@code targets.tsv} beside this class (one row per target: its name,
 * the summary field it judges, the limit, and why). {@link #judge} adds one entry per measured figure to the summary's
 * {@code targets} object: {@code figure}, {@code measured}, {@code atMost} or {@code atLeast}, {@code met} and
 * {@code why}; a ladder target ({@code heldAt}) gives the step's {@code offeredMsgPerSec}, {@code pushMsSteady} and
 * whether it held. A figure the run did not measure is left out, never judged. Immutable; safe to share.
 */
final class BenchTargets {
    /** One row of the file. {@code unless}: a summary field that, when false, leaves the target unjudged (or null). */
    record Target(String name, String figure, Limit limit, double value, String unless, String why) {}

    enum Limit { AT_MOST, AT_LEAST, HELD_AT }

    private final List<Target> targets;

    BenchTargets(List<Target> targets) {
        this.targets = List.copyOf(targets);
    }

    /** The bench's own targets ({@code targets.tsv} on the classpath). */
    static BenchTargets standard() {
        try (InputStream in = BenchTargets.class.getResourceAsStream("targets.tsv")) {
            if (in == null) throw new IllegalStateException("targets.tsv is not on the classpath beside BenchTargets");
            return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<Target> all() {
        return targets;
    }

    /** The rows of a targets file; '#' lines, blank lines and the header row are skipped. */
    static BenchTargets parse(String text) {
        List<Target> out = new ArrayList<>();
        int lineNo = 0;
        for (String line : text.split("\\R")) {
            lineNo++;
            if (line.isBlank() || line.startsWith("#") || line.startsWith("target\t")) continue;
            String[] f = line.split("\t", -1);
            if (f.length != 6) {
                throw new IllegalArgumentException("targets line " + lineNo + ": want 6 tab-separated columns, got "
                        + f.length);
            }
            Limit limit = switch (f[2]) {
                case "atMost" -> Limit.AT_MOST;
                case "atLeast" -> Limit.AT_LEAST;
                case "heldAt" -> Limit.HELD_AT;
                default -> throw new IllegalArgumentException("targets line " + lineNo + ": limit " + f[2]
                        + " is none of atMost, atLeast, heldAt");
            };
            out.add(new Target(f[0], f[1], limit, number(f[3], lineNo), f[4].equals("-") ? null : f[4], f[5]));
        }
        return new BenchTargets(out);
    }

    private static double number(String s, int lineNo) {
        try {
            int slash = s.indexOf('/');
            if (slash < 0) return Double.parseDouble(s);
            return Double.parseDouble(s.substring(0, slash)) / Double.parseDouble(s.substring(slash + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("targets line " + lineNo + ": value " + s + " is not a number", e);
        }
    }

    /** The {@code targets} object of {@code summary}. */
    ObjectNode judge(ObjectMapper json, JsonNode summary) {
        ObjectNode out = json.createObjectNode();
        for (Target t : targets) {
            if (t.unless() != null) {
                JsonNode gate = at(summary, t.unless());
                if (gate.isBoolean() && !gate.asBoolean()) continue;
            }
            if (t.limit() == Limit.HELD_AT) {
                heldAt(out, t, summary.path(t.figure()));
                continue;
            }
            JsonNode measured = at(summary, t.figure());
            if (!measured.isNumber()) continue;
            ObjectNode o = out.putObject(t.name());
            o.put("figure", t.figure());
            o.put("measured", measured.asDouble());
            boolean atMost = t.limit() == Limit.AT_MOST;
            o.put(atMost ? "atMost" : "atLeast", t.value());
            o.put("met", atMost ? measured.asDouble() <= t.value() : measured.asDouble() >= t.value());
            o.put("why", t.why());
        }
        return out;
    }

    /** The first ladder step offering at least the target's msg/s, and whether it held. */
    private static void heldAt(ObjectNode out, Target t, JsonNode ladder) {
        for (JsonNode step : ladder) {
            if (step.path("offeredMsgPerSec").asDouble() < t.value()) continue;
            ObjectNode o = out.putObject(t.name());
            o.put("figure", t.figure());
            o.put("offeredMsgPerSec", step.path("offeredMsgPerSec").asDouble());
            o.set("pushMsSteady", step.path("pushMsSteady"));
            o.put("met", step.path("held").asBoolean());
            o.put("why", t.why());
            return;
        }
    }

    private static JsonNode at(JsonNode node, String dotted) {
        JsonNode n = node;
        for (String part : dotted.split("\\.")) n = n.path(part);
        return n;
    }
}
