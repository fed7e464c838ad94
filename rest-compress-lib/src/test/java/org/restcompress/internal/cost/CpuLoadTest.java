package org.restcompress.internal.cost;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CpuLoadTest {

    @Test
    void theSamplerRunsFromTheFirstUserToTheLast() throws Exception {
        Object one = new Object();
        Object other = new Object();
        AutoCloseable first = CpuLoad.use(one);
        AutoCloseable second = CpuLoad.use(other);
        assertTrue(CpuLoad.sampling());
        first.close();
        first.close(); // once per user: a second close releases nothing more
        assertTrue(CpuLoad.sampling(), "one user left");
        second.close();
        assertFalse(CpuLoad.sampling(), "no thread outlives its last user");
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.getName().equals("rest-compress-cpu-load") && t.isAlive()));
        AutoCloseable again = CpuLoad.use(one);
        assertTrue(CpuLoad.sampling(), "a later application starts it again");
        again.close();
    }

    /** A runtime that never says its application stopped: the sampler ends once the application is collected. */
    @Test
    void theSamplerEndsWhenItsOnlyUserIsCollected() throws Exception {
        CpuLoad.use(new Object()); // its owner unreachable at once, its release never called
        assertTrue(CpuLoad.sampling());
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (CpuLoad.sampling() && System.nanoTime() < deadline) {
            System.gc();
            Thread.sleep(100);
        }
        assertFalse(CpuLoad.sampling(), "the sampler outlived its collected user");
    }
}
