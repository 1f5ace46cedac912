package dev.goload.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a JSON artifact (Jackson's indented output) to {@code <file>.tmp}, forces it to the disk and moves it over
 * {@code file} in one step, so a reader — or a run killed mid-write, or the machine losing power after the rename —
 * never sees half a record: the old file or the new one. Cloud's record keeps its own writer: its bytes follow the
 * reference's encoder, not Jackson's default indentation. Thread-safe (the writer is immutable).
 */
public final class JsonFiles {
    private static final ObjectWriter WRITER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writer();

    private JsonFiles() {}

    /** Writes {@code doc} to {@code file} atomically and durably (creating its directory) and returns {@code file}. */
    public static Path writeAtomically(Path file, Object doc) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) Files.createDirectories(dir);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        ByteBuffer bytes = ByteBuffer.wrap(WRITER.writeValueAsBytes(doc));
        try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            while (bytes.hasRemaining()) ch.write(bytes);
            ch.force(true); // the bytes are on the disk before the name points at them
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        if (dir != null) syncDirectory(dir);
        return file;
    }

    /** Forces the directory entry of the rename (Linux allows fsync on a directory; elsewhere it is skipped). */
    private static void syncDirectory(Path dir) {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // not every platform opens a directory for reading; the rename itself is atomic either way
        }
    }
}
