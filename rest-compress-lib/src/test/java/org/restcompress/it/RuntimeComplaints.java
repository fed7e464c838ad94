package org.restcompress.it;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Collects, while open, the warnings that anyone but the library logs about the library's classes (through
 * java.util.logging, where Jersey and RESTEasy's JBoss Logging both end up here): a runtime that ignores or rejects
 * one of our providers says so this way, and goes on without it.
 */
final class RuntimeComplaints extends Handler implements AutoCloseable {

    private final List<String> complaints = new CopyOnWriteArrayList<>();
    private final Logger root = Logger.getLogger("");

    RuntimeComplaints() {
        root.addHandler(this);
    }

    @Override
    public void publish(LogRecord record) {
        String logger = String.valueOf(record.getLoggerName());
        String message = String.valueOf(record.getMessage());
        if (record.getLevel().intValue() >= Level.WARNING.intValue() && !logger.startsWith("org.restcompress")
                && message.contains("org.restcompress")) {
            complaints.add(logger + ": " + message);
        }
    }

    List<String> complaints() {
        return List.copyOf(complaints);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        root.removeHandler(this);
    }
}
