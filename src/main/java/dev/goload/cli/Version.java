package dev.goload.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** The build's version: jar manifest {@code Implementation-Version}, else the Maven descriptor, else "dev". */
final class Version {
    private Version() {}

    static String current() {
        String v = Main.class.getPackage().getImplementationVersion();
        if (v != null && !v.isBlank()) return v;
        try (InputStream in = Main.class.getResourceAsStream("/META-INF/maven/dev.goload/goload/pom.properties")) {
            if (in != null) {
                Properties p = new Properties();
                p.load(in);
                String pv = p.getProperty("version");
                if (pv != null && !pv.isBlank()) return pv;
            }
        } catch (IOException e) {
            // fall through: an unreadable descriptor just means an unversioned build
        }
        return "dev";
    }
}
