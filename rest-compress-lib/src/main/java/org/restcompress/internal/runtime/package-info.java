/**
 * Where one runtime needs what Jakarta REST does not give, and only there: each class names the runtime it serves
 * and is reached by reflection or by a failure only that runtime produces, so the core knows only Jakarta REST.
 * <ul>
 *   <li>{@link org.restcompress.internal.runtime.ResteasyEvents}: RESTEasy writes event streams past the writer
 *       interceptors; the encoder goes onto its response's output stream.</li>
 *   <li>{@link org.restcompress.internal.runtime.QuarkusHeaders}: Quarkus REST copies response headers when the
 *       entity writer starts, runs no writer interceptor for a HEAD, and Vert.x's own compression (where it is on)
 *       would encode a response the library left as it is.</li>
 *   <li>{@link org.restcompress.internal.runtime.QuarkusRegistration}: Quarkus REST applies only the dynamic features
 *       it found at build time, and takes one priority per registration.</li>
 * </ul>
 * Jersey's and the servlet container's shutdown hooks are in {@code internal.lifecycle}.
 */
package org.restcompress.internal.runtime;
