package dev.goload.launcher;

import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The stand-in for goload's jar in {@link LauncherAotTest}: scripts/goload runs it as {@code -jar}. {@code aot-train}
 * does a little work (so the training has classes and a profile to record) and fails when
 * {@code AOT_PROBE_FAIL=1} (with {@code AOT_PROBE_TRAIN_LOG=FILE} it appends its arguments and the JVM's to FILE);
 * anything else prints one line with the JVM's {@code -XX:AOTCache} argument, if any, and with
 * {@code PROBE_JVM_ARGS=1} a second line with all the JVM's arguments ({@link LauncherJvmFlagsTest}), with
 * {@code PROBE_SIGINT=1} whether the JVM was handed SIGINT ignored ({@code /proc/self/status} SigIgn).
 */
public final class AotProbe {
    private AotProbe() {}

    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("aot-train")) {
            if ("1".equals(System.getenv("AOT_PROBE_FAIL"))) System.exit(1);
            String log = System.getenv("AOT_PROBE_TRAIN_LOG");
            if (log != null) {
                String line = "train " + String.join(" ", args) + " jvm "
                        + String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()) + "\n";
                try {
                    java.nio.file.Files.writeString(java.nio.file.Path.of(log), line,
                            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                } catch (java.io.IOException e) {
                    System.exit(1);
                }
            }
            Map<String, Integer> m = new TreeMap<>();
            for (int i = 0; i < 50_000; i++) m.merge("k" + (i % 97), i, Integer::sum);
            if (m.size() != 97) System.exit(1);
            return;
        }
        List<String> jvm = ManagementFactory.getRuntimeMXBean().getInputArguments();
        String aot = jvm.stream().filter(a -> a.startsWith("-XX:AOTCache=")).findFirst().orElse("none");
        System.out.println("probe ran " + String.join(" ", args) + " aot=" + aot);
        if ("1".equals(System.getenv("PROBE_JVM_ARGS"))) System.out.println("jvm " + String.join(" ", jvm));
        if ("1".equals(System.getenv("PROBE_SIGINT"))) System.out.println("sigint " + sigint());
    }

    /** "ignored" or "default": bit 2 (SIGINT) of SigIgn, the signals the process ignores. */
    private static String sigint() {
        try {
            for (String l : java.nio.file.Files.readAllLines(java.nio.file.Path.of("/proc/self/status"))) {
                if (l.startsWith("SigIgn:")) {
                    long mask = Long.parseUnsignedLong(l.substring(7).trim(), 16);
                    return (mask & (1L << 1)) != 0 ? "ignored" : "default";
                }
            }
        } catch (java.io.IOException | NumberFormatException e) {
            return "unknown: " + e;
        }
        return "unknown";
    }
}
