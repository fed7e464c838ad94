package org.restcompress.internal.server;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.time.Duration;
import org.restcompress.internal.dictionary.TrainingSamples;

/**
 * Copies a response's bytes as the application writes them (before any coding: a dictionary is the decoded content),
 * up to a bound, and once the response is complete keeps them as a dictionary for later requests, hands them to the
 * training of a trained dictionary as a sample, or both. Past the bound it stops copying and keeps nothing: memory per
 * response stays within {@code restcompress.dictionary.max-size} (a sample alone: within 16 KB).
 */
final class DictionaryRecorder {

    private final ServerDictionaries dictionaries;
    /** How long the response is kept as a dictionary; {@code null}: it is not. */
    private final Duration lifetime;
    /** The trained dictionary it is a sample of, or {@code null}. */
    private final ServerDictionaries.Shared sampled;
    /** The request's path and query, for a sample. */
    private final String target;
    private final long maxSize;
    private ByteArrayOutputStream copy = new ByteArrayOutputStream();

    DictionaryRecorder(ServerDictionaries dictionaries, Duration lifetime, ServerDictionaries.Shared sampled,
            String target) {
        this.dictionaries = dictionaries;
        this.lifetime = lifetime;
        this.sampled = sampled;
        this.target = target;
        this.maxSize = lifetime != null ? Math.max(dictionaries.maxSize(), TrainingSamples.MAX_SAMPLE)
                : TrainingSamples.MAX_SAMPLE;
    }

    /** {@code out}, with what is written to it copied here. */
    OutputStream over(OutputStream out) {
        return new Tee(out, this::record);
    }

    private void record(byte[] b, int off, int len) {
        if (copy != null) {
            if (copy.size() + (long) len > maxSize) {
                copy = null; // too large to keep: announced, but a later request naming it gets no delta
            } else {
                copy.write(b, off, len);
            }
        }
    }

    /** The response was written completely: keep it. */
    void complete() {
        if (copy != null && copy.size() > 0) {
            byte[] content = copy.toByteArray();
            if (lifetime != null && content.length <= dictionaries.maxSize()) {
                dictionaries.keep(content, lifetime); // hashed and stored after the response, not before
            }
            if (sampled != null && content.length <= TrainingSamples.MAX_SAMPLE) {
                dictionaries.sampled(sampled, target, content);
            }
        }
        copy = null;
    }
}
