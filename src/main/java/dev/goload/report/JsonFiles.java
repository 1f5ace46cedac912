package dev.goload.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a JSON artifact (Jackson's indented output) to {@code <file>.tmp} and moves it over {@code file} in one
 * step, so a reader — or a run killed mid-write — never sees half a record. Cloud's record keeps its own writer: its
 * bytes follow the reference's encoder, not Jackson's default indentation.
 */
public final class JsonFiles {
    private JsonFiles() {}

    /** Writes {@code doc} to {@code file} atomically (creating its directory) and returns {@code file}. */
    public static Path writeAtomically(Path file, Object doc) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(tmp.toFile(), doc);
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        return file;
    }
}
