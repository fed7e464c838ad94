package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuLoadTest {

    @Test
    void theSamplerRunsFromTheFirstUserToTheLast() throws Exception {
        AutoCloseable first = CpuLoad.use();
        AutoCloseable second = CpuLoad.use();
        assertTrue(CpuLoad.sampling());
        first.close();
        first.close(); // once per user: a second close releases nothing more
        assertTrue(CpuLoad.sampling(), "one user left");
        second.close();
        assertFalse(CpuLoad.sampling(), "no thread outlives its last user");
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("rest-compress-cpu-load") && t.isAlive()));
        AutoCloseable again = CpuLoad.use();
        assertTrue(CpuLoad.sampling(), "a later application starts it again");
        again.close();
    }
}
