package dev.goload.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/** A {@code -psql-cmd} for tests: any shell command reading SQL on stdin; this one answers like bootstrap_tenant would. */
final class FakePsql {
    private FakePsql() {}

    /** Writes the script as {@code dir/fake-psql} (tenants t-0000 and t-0001) and returns its path. */
    static Path in(Path dir) throws IOException {
        Path psql = dir.resolve("fake-psql");
        Files.writeString(psql, """
                #!/bin/sh
                case "$(cat)" in
                  *bootstrap_tenant*) printf '0\\tt-0000\\tT0\\tC0\\tqk_test_fake0\\n1\\tt-0001\\tT1\\tC1\\tqk_test_fake1\\n' ;;
                  *) printf 't-0000\\tB0\\nt-0001\\tB1\\n' ;;
                esac
                """);
        Files.setPosixFilePermissions(psql, PosixFilePermissions.fromString("rwx------"));
        return psql;
    }
}
