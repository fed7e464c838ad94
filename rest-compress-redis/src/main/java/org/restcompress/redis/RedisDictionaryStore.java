package org.restcompress.redis;

import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.restcompress.ConfigKeys;
import org.restcompress.dictionary.DictionaryStore;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.params.SetParams;

/**
 * Compression dictionaries in Redis, shared by every instance behind a load balancer: the response one instance sent
 * is the dictionary another finds. Keys are {@code restcompress:dictionary:<sha-256>}, so instances agree by
 * construction; each entry expires with its dictionary's lifetime, entries above the largest dictionary size are not
 * sent, and Redis bounds the rest ({@code maxmemory} with a {@code volatile-lru} or {@code allkeys-lru} policy).
 *
 * <p>Redis being slow or gone must never slow a response: every call has a short timeout
 * ({@code ?timeout=100ms} by default), a failure makes the store skip Redis for a second (the responses go out in
 * their ordinary coding), and the outage is logged once, its end once. A restart between calls is no outage: a
 * connection Redis closed is replaced at once.
 *
 * <p>Location: {@code redis://[user:password@]host[:port][/database][?timeout=100ms]}.
 */
public final class RedisDictionaryStore implements DictionaryStore, AutoCloseable {

    private static final System.Logger LOG = System.getLogger(RedisDictionaryStore.class.getName());
    static final String PREFIX = "restcompress:dictionary:";
    static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(100);
    /** After a failure, Redis is left alone this long: a down server costs one timeout per second, not per request. */
    static final long BACK_OFF_NANOS = Duration.ofSeconds(1).toNanos();

    private final JedisPooled redis;
    private final String description;
    private final long maxEntrySize;
    private final AtomicLong downUntil = new AtomicLong(Long.MIN_VALUE);
    private volatile boolean down;
    /** Redis's {@code maxmemory} as first seen ({@code -1}: not known yet, or Redis does not say). */
    private volatile long maxMemory = -1;
    private volatile boolean boundChecked;

    private RedisDictionaryStore(JedisPooled redis, String description, long maxEntrySize) {
        this.redis = redis;
        this.description = description;
        this.maxEntrySize = maxEntrySize;
    }

    /**
     * A store at {@code location}; a malformed location is an {@link IllegalArgumentException} that says why.
     *
     * @param location     {@code redis://[user:password@]host[:port][/db][?timeout=100ms]}
     * @param maxEntrySize the largest content kept, in bytes
     * @return the store; {@link #close()} ends its connections
     */
    public static RedisDictionaryStore at(URI location, long maxEntrySize) {
        if (!"redis".equalsIgnoreCase(location.getScheme()) || location.getHost() == null) {
            throw new IllegalArgumentException(ConfigKeys.DICTIONARY_STORE + " must be redis://host[:port][/db], was "
                    + location);
        }
        Duration timeout = timeout(location.getQuery());
        int database = 0;
        String path = location.getPath();
        if (path != null && path.length() > 1) {
            try {
                database = Integer.parseInt(path.substring(1));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(ConfigKeys.DICTIONARY_STORE + ": the database is a number, was "
                        + path.substring(1));
            }
        }
        DefaultJedisClientConfig.Builder config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis((int) timeout.toMillis()).socketTimeoutMillis((int) timeout.toMillis())
                .database(database).clientName("rest-compress");
        String userInfo = location.getUserInfo();
        if (userInfo != null) {
            int colon = userInfo.indexOf(':');
            if (colon >= 0) {
                if (colon > 0) {
                    config.user(userInfo.substring(0, colon));
                }
                config.password(userInfo.substring(colon + 1));
            } else {
                config.password(userInfo);
            }
        }
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(16);
        pool.setMaxWait(timeout); // never queue long behind other requests
        int port = location.getPort() > 0 ? location.getPort() : 6379;
        JedisPooled redis = new JedisPooled(pool, new HostAndPort(location.getHost(), port), config.build());
        return new RedisDictionaryStore(redis, "redis://" + location.getHost() + ":" + port + "/" + database
                + " (timeout " + timeout.toMillis() + " ms)", maxEntrySize);
    }

    static Duration timeout(String query) {
        if (query == null || query.isEmpty()) {
            return DEFAULT_TIMEOUT;
        }
        for (String parameter : query.split("&")) {
            if (parameter.startsWith("timeout=")) {
                String value = parameter.substring("timeout=".length()).trim();
                try {
                    long millis = value.endsWith("ms") ? Long.parseLong(value.substring(0, value.length() - 2))
                            : value.endsWith("s") ? Long.parseLong(value.substring(0, value.length() - 1)) * 1000
                            : Long.parseLong(value);
                    if (millis >= 1 && millis <= 10_000) {
                        return Duration.ofMillis(millis);
                    }
                } catch (NumberFormatException ignored) {
                    // reported below
                }
                throw new IllegalArgumentException(ConfigKeys.DICTIONARY_STORE + ": timeout is 1ms to 10s, was "
                        + value);
            }
        }
        return DEFAULT_TIMEOUT;
    }

    private static byte[] key(String hash) {
        return (PREFIX + hash).getBytes(StandardCharsets.US_ASCII);
    }

    @Override
    public void put(String hash, byte[] content, Duration lifetime) {
        if (content.length > maxEntrySize || lifetime.isNegative() || lifetime.isZero() || skipping()) {
            return;
        }
        call(() -> redis.set(key(hash), content, SetParams.setParams().px(Math.max(1, lifetime.toMillis()))));
    }

    /**
     * {@code SET NX PX}: atomic, so one instance of those sharing this Redis gets a lease; none while it is down. Sent
     * again after a connection failed, it finds the key set: if with this very content, the first one was carried out
     * and only its reply lost, so the lease is this caller's.
     */
    @Override
    public boolean putIfAbsent(String key, byte[] content, Duration lifetime) {
        if (content.length > maxEntrySize || lifetime.isNegative() || lifetime.isZero() || skipping()) {
            return false;
        }
        SetParams params = SetParams.setParams().nx().px(Math.max(1, lifetime.toMillis()));
        return Boolean.TRUE.equals(call(() -> "OK".equals(redis.set(key(key), content, params)),
                () -> "OK".equals(redis.set(key(key), content, params))
                        || Arrays.equals(content, redis.get(key(key)))));
    }

    @Override
    public byte[] get(String hash) {
        if (skipping()) {
            return null;
        }
        return call(() -> redis.get(key(hash)));
    }

    private <T> T call(Supplier<T> command) {
        return call(command, command);
    }

    /**
     * One command; {@code null} if it failed. A pooled connection Redis closed (it restarted since) fails at once: the
     * idle ones share its fate and are dropped, and {@code again} is sent on a new connection, so a restart between
     * calls costs no second of ordinary codings. After a timeout nothing is sent again, nor while Redis is down.
     */
    private <T> T call(Supplier<T> command, Supplier<T> again) {
        try {
            T reply;
            try {
                reply = command.get();
            } catch (JedisConnectionException e) {
                if (timedOut(e)) {
                    throw e;
                }
                redis.getPool().clear();
                if (down) {
                    throw e;
                }
                reply = again.get();
            }
            up();
            return reply;
        } catch (RuntimeException e) {
            failed(e);
            return null;
        }
    }

    /** Whether a timeout caused {@code e}: a connection's, as its cause, or a connect's, kept as suppressed. */
    static boolean timedOut(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof SocketTimeoutException) {
                return true;
            }
            for (Throwable suppressed : cause.getSuppressed()) {
                if (timedOut(suppressed)) {
                    return true;
                }
            }
        }
        return false;
    }

    private boolean skipping() {
        return down && System.nanoTime() - downUntil.get() < 0;
    }

    private void failed(RuntimeException e) {
        downUntil.set(System.nanoTime() + BACK_OFF_NANOS);
        if (!down) {
            down = true;
            LOG.log(System.Logger.Level.WARNING, "rest-compress: the dictionary store " + description + " fails ("
                    + e + "); responses go out in their ordinary coding until it answers again");
        }
    }

    private void up() {
        if (!boundChecked) {
            checkBound();
        }
        if (down) {
            down = false;
            LOG.log(System.Logger.Level.INFO, "rest-compress: the dictionary store " + description
                    + " answers again");
        }
    }

    /**
     * Says once whether Redis bounds its memory: entries expire with their dictionaries, but only {@code maxmemory}
     * (with a {@code volatile-lru} or {@code allkeys-lru} policy) bounds what many short-lived ones add up to. Managed
     * Redis services may refuse {@code CONFIG}: then nothing is said.
     */
    private void checkBound() {
        boundChecked = true;
        try {
            Object reply = redis.sendCommand(Protocol.Command.CONFIG, "GET", "maxmemory");
            maxMemory = -1;
            if (reply instanceof java.util.List<?> list && list.size() == 2 && list.get(1) instanceof byte[] value) {
                maxMemory = Long.parseLong(new String(value, StandardCharsets.US_ASCII));
            }
            if (maxMemory == 0) {
                LOG.log(System.Logger.Level.WARNING, "rest-compress: " + description + " has no maxmemory: the "
                        + "dictionaries it keeps are bounded only by their lifetimes; set maxmemory and a volatile-lru "
                        + "policy");
            }
        } catch (RuntimeException refused) { // CONFIG disabled, or not a number: nothing to say
            maxMemory = -1;
        }
    }

    /** Redis's {@code maxmemory} in bytes (0: unbounded), or -1 while not known. */
    long redisMaxMemory() {
        return maxMemory;
    }

    /** Whether the last call failed (and Redis is being left alone for a moment). */
    boolean isDown() {
        return down;
    }

    @Override
    public void close() {
        redis.close();
    }

    @Override
    public String toString() {
        return description;
    }
}
