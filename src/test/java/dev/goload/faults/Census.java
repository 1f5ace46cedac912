package dev.goload.faults;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.management.HotSpotDiagnosticMXBean;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * What a run could leave behind in this JVM, counted: every thread — virtual ones included, through the JDK's JSON
 * thread dump, which lists every thread container — by name, and the process's open sockets ({@code /proc/self/fd}
 * links to {@code socket:[…]}). Take one before a run and {@link #awaitNoneLeftSince} after it.
 */
record Census(Map<String, Integer> threads, int sockets) {
    /**
     * JDK threads that come and go by themselves or start once per process on first use (carriers and I/O pollers
     * of virtual threads, the process reaper, …).
     */
    private static final java.util.List<String> JDK_OWN = java.util.List.of("ForkJoinPool", "process reaper",
            "Attach Listener", "Common-Cleaner", "Notification Thread", "C1 CompilerThread", "C2 CompilerThread",
            "JFR", "surefire", "junit", "Keep-Alive", "HttpClient", "MasterPoller", "SubPoller", "Read-Poller",
            "Write-Poller", "VirtualThread-unblocker");
    /** goload's own threads that exist once per process, not per run (the HTTP/1.1 engine's deadline watchdog). */
    private static final java.util.Set<String> PROCESS_SINGLETONS = java.util.Set.of("goload-call-deadlines");

    static Census take() {
        return new Census(threadNames(), openSockets());
    }

    /**
     * Waits up to 15 s (sockets and threads close asynchronously: the peer of a closed socket sees the EOF a moment
     * later) until no thread name has more threads and no more sockets are open than in {@code before}; returns
     * what is still left over (empty when nothing leaked).
     */
    static String awaitNoneLeftSince(Census before) throws InterruptedException {
        return awaitNoneLeftSince(before, 15_000);
    }

    static String awaitNoneLeftSince(Census before, long millis) throws InterruptedException {
        long deadline = System.nanoTime() + millis * 1_000_000L;
        while (true) {
            Census now = take();
            String left = now.leftOverSince(before);
            if (left.isEmpty() || System.nanoTime() > deadline) return left;
            Thread.sleep(100);
        }
    }

    private String leftOverSince(Census before) {
        StringBuilder s = new StringBuilder();
        threads.forEach((name, n) -> {
            int was = before.threads.getOrDefault(name, PROCESS_SINGLETONS.contains(name) ? 1 : 0);
            if (n > was) s.append(n - was).append(" x thread '").append(name).append("'; ");
        });
        if (sockets > before.sockets) s.append(sockets - before.sockets).append(" socket(s)");
        return s.toString();
    }

    private static Map<String, Integer> threadNames() {
        try {
            Path p = Files.createTempFile("census", ".json");
            Files.delete(p);
            try {
                ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                        .dumpThreads(p.toString(), HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
                JsonNode dump = new ObjectMapper().readTree(p.toFile());
                Map<String, Integer> names = new TreeMap<>();
                for (JsonNode container : dump.path("threadDump").path("threadContainers")) {
                    for (JsonNode t : container.path("threads")) {
                        String name = t.path("name").asText("");
                        if (JDK_OWN.stream().noneMatch(name::startsWith)) names.merge(name, 1, Integer::sum);
                    }
                }
                return names;
            } finally {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int openSockets() {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return (int) fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).toString().startsWith("socket:");
                } catch (IOException e) {
                    return false; // closed meanwhile
                }
            }).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
