package dev.goload.report;

import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/** The shape of the machine and JVM a run executed on, for the run record. */
public final class HostInfo {
    private HostInfo() {}

    public static Map<String, Object> describe() {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        Map<String, Object> m = new LinkedHashMap<>();
        try {
            m.put("hostname", java.net.InetAddress.getLocalHost().getHostName());
        } catch (java.io.IOException e) {
            m.put("hostname", "");
        }
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("memoryBytes", os.getTotalMemorySize());
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("arch", System.getProperty("os.arch"));
        Map<String, Object> jvm = new LinkedHashMap<>();
        jvm.put("version", Runtime.version().toString());
        jvm.put("vendor", System.getProperty("java.vendor"));
        jvm.put("vm", System.getProperty("java.vm.name"));
        jvm.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
        jvm.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
        jvm.put("gc", ManagementFactory.getGarbageCollectorMXBeans().stream().map(b -> b.getName()).toList());
        m.put("jvm", jvm);
        return m;
    }
}
