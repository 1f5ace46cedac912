package dev.goload.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Validates a {@code goload.run/2} record against the published schema
 * ({@code src/main/resources/dev/goload/report/goload.run-2.schema.json}, draft 2020-12). Every mode's end-to-end
 * test calls {@link #assertValid(Path)} on the record its run wrote. Test-only.
 */
public final class RecordSchema {
    public static final String RESOURCE = "/dev/goload/report/goload.run-2.schema.json";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Schema SCHEMA = load();

    private RecordSchema() {}

    /** Fails with every violation (instance location and message) when the record file does not validate. */
    public static void assertValid(Path record) {
        JsonNode doc;
        try {
            doc = JSON.readTree(record.toFile());
        } catch (IOException e) {
            throw new AssertionError("run record " + record + " is not JSON: " + e.getMessage(), e);
        }
        assertValid(doc, record.toString());
    }

    public static void assertValid(JsonNode record) {
        assertValid(record, "run record");
    }

    /** The violations, one line each ({@code <location>: <message>}); empty when the record is valid. */
    public static List<String> violations(JsonNode record) {
        List<Error> errors = SCHEMA.validate(record);
        return errors.stream().map(e -> e.getInstanceLocation() + " " + e.getKeyword() + ": " + e.getMessage())
                .toList();
    }

    private static void assertValid(JsonNode record, String what) {
        List<String> v = violations(record);
        if (!v.isEmpty()) {
            throw new AssertionError(what + " does not match " + RESOURCE + ":\n  " + String.join("\n  ", v));
        }
    }

    private static Schema load() {
        try (InputStream in = RecordSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) throw new IllegalStateException(RESOURCE + " is not on the class path");
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(JSON.readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
