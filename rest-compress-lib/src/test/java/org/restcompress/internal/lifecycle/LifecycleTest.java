package org.restcompress.internal.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LifecycleTest {

    @Test
    void endsWhatItOwnsNewestFirstOnceEvenWhenOneFails() {
        ClassLoader application = new URLClassLoader(new URL[0]);
        List<String> ended = new ArrayList<>();
        Lifecycle lifecycle = Lifecycle.open(application);
        lifecycle.own(() -> ended.add("store"));
        lifecycle.own(() -> {
            ended.add("failing");
            throw new IllegalStateException("cannot end");
        });
        lifecycle.own(() -> ended.add("thread"));
        lifecycle.close();
        lifecycle.close();
        assertEquals(List.of("thread", "failing", "store"), ended);
        lifecycle.own(() -> ended.add("late"));
        assertEquals("late", ended.get(3), "owned after the end: ended at once");
    }

    @Test
    void anApplicationsEndEndsEveryLifecycleItOpenedAndNoOther() {
        ClassLoader one = new URLClassLoader(new URL[0]);
        ClassLoader other = new URLClassLoader(new URL[0]);
        List<String> ended = new ArrayList<>();
        Lifecycle a = Lifecycle.open(one);
        a.own(() -> ended.add("one-a"));
        Lifecycle b = Lifecycle.open(one);
        b.own(() -> ended.add("one-b"));
        Lifecycle kept = Lifecycle.open(other);
        kept.own(() -> ended.add("other"));
        Lifecycle.endAll(one);
        assertEquals(List.of("one-a", "one-b"), ended);
        assertTrue(a.closed() && b.closed());
        assertTrue(!kept.closed());
        kept.close();
        assertEquals(List.of("one-a", "one-b", "other"), ended);
    }

    @Test
    void sharedStateEndsWithTheLastApplication() {
        assertEquals(0, Lifecycle.openCount(), "an earlier test left an application running");
        ClassLoader one = new URLClassLoader(new URL[0]);
        ClassLoader other = new URLClassLoader(new URL[0]);
        int[] drained = {0};
        Runnable drain = () -> drained[0]++;
        Lifecycle.whenAllEnd(drain);
        Lifecycle first = Lifecycle.open(one);
        Lifecycle second = Lifecycle.open(other);
        first.close();
        assertEquals(0, drained[0], "another application still runs");
        second.close();
        assertEquals(1, drained[0]);
    }

    /** An application dropped without any hook ending it takes its lifecycle along: nothing here keeps it. */
    @Test
    void aLifecycleNoHookEndedGoesWithItsApplication() throws InterruptedException {
        ClassLoader application = new URLClassLoader(new URL[0]);
        java.lang.ref.WeakReference<Lifecycle> dropped = new java.lang.ref.WeakReference<>(Lifecycle.open(application));
        for (int i = 0; i < 100 && dropped.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertTrue(dropped.get() == null, "the registry of lifecycles kept one its application dropped");
        assertEquals(0, Lifecycle.openCount());
    }
}
