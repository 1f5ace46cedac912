package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CloudCountersTest {

    @Test
    void theSummariesKeepSamplesRecordedAfterTheLastInterval() {
        CloudCounters c = new CloudCounters();
        c.pushRtt.record(1000);
        c.pushRtt.sampleInterval(); // an interval line
        c.pushRtt.record(2000);     // after it: the run skips a final interval under 100 ms
        Map<String, LatencySummary> s = c.latencySummaries();
        assertEquals(2, s.get("pushRtt").samples());
        assertEquals(2.0, s.get("pushRtt").maxMs());
        assertEquals(List.of("e2eFromSchedule", "e2eFromSend", "pushRtt", "ackRtt", "lateness"), List.copyOf(s.keySet()));
    }
}
