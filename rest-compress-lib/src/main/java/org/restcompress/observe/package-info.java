/**
 * What the library did, for operators: one {@link org.restcompress.observe.Decision} per response and one
 * {@link org.restcompress.observe.RequestBody} per coded request body, handed to every
 * {@link org.restcompress.observe.CompressionListener} once the body is done. The same values feed the log line, the
 * {@code Compression-Decision} header and the JDK Flight Recorder events.
 */
package org.restcompress.observe;
