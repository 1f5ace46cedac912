package dev.goload.modes.cloud;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TenantStateTest {

    @Test
    void pushesRotateOverTheActivePartitionsStartingAtP1AsTheReference() {
        TenantState t = new TenantState(CloudTenant.synthesized(0), null, "q", 3);
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            seen.add(t.partitions.next(0));
        }
        assertEquals(List.of("p1", "p2", "p0", "p1"), seen);
        assertNull(new TenantState(CloudTenant.synthesized(0), null, "q", 1).partitions, "one partition: Default");
    }

    @Test
    void thePartitionOfAPushBlockFollowsTheSameRotationAndIsRecomputableFromAnySeqOfIt() {
        TenantState t = new TenantState(CloudTenant.synthesized(0), null, "q", 3);
        TenantState rotation = new TenantState(CloudTenant.synthesized(0), null, "q", 3);
        for (int block = 0; block < 7; block++) {
            long first = t.reserve(4);
            String expected = rotation.partitions.next(0);
            for (long s = first; s < first + 4; s++) {
                assertEquals(expected, t.partitionFor(s, 4), "seq " + s);
            }
        }
        assertNull(new TenantState(CloudTenant.synthesized(0), null, "q", 1).partitionFor(5, 4), "Default");
    }

    @Test
    void reservedSeqBlocksAreContiguousAndOneBased() {
        TenantState t = new TenantState(CloudTenant.synthesized(0), null, "q", 1);
        assertEquals(1, t.reserve(5));
        assertEquals(6, t.reserve(2));
    }
}
