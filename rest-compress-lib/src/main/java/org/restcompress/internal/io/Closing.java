package org.restcompress.internal.io;

import java.io.Closeable;
import java.io.IOException;

/** Closing after a failure: the first failure is the one to report, a second one rides along with it. */
public final class Closing {

    private Closing() {
    }

    /** Closes {@code resource}; anything its close throws is added to {@code failure} as suppressed. */
    public static void afterFailure(Closeable resource, Throwable failure) {
        try {
            resource.close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }
}
