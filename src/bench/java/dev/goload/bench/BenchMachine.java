package dev.goload.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a benchmark ran on: cores, CPU model, memory and the load average at the end. */
final class BenchMachine {
    private BenchMachine() {}

    static ObjectNode describe(ObjectMapper json) throws IOException {
        ObjectNode m = json.createObjectNode();
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("cpuModel", firstValue(Path.of("/proc/cpuinfo"), "model name"));
        String mem = firstValue(Path.of("/proc/meminfo"), "MemTotal");
        m.put("memory", mem);
        m.put("loadAvgAtEnd", Files.isReadable(Path.of("/proc/loadavg"))
                ? Files.readString(Path.of("/proc/loadavg")).trim() : "");
        return m;
    }

    private static String firstValue(Path file, String key) throws IOException {
        if (!Files.isReadable(file)) return "";
        for (String line : Files.readAllLines(file)) {
            if (line.startsWith(key)) return line.substring(line.indexOf(':') + 1).trim();
        }
        return "";
    }
}
