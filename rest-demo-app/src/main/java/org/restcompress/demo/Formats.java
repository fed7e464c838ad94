package org.restcompress.demo;

/**
 * The body formats the demo's objects come in, by {@code Accept}: JSON, XML, and the binary formats CBOR (RFC 8949,
 * through Jackson's provider), Smile (Jackson's binary JSON) and MessagePack (through its Jackson format,
 * {@link MessagePackProvider}). Their source quality ranks them below JSON: a client that takes anything gets JSON,
 * one that names a binary format gets it.
 */
final class Formats {

    static final String CBOR = "application/cbor;qs=0.4";
    static final String SMILE = "application/x-jackson-smile;qs=0.4";
    static final String MSGPACK = "application/msgpack;qs=0.4";
    /** The name many MessagePack clients still send. */
    static final String X_MSGPACK = "application/x-msgpack;qs=0.4";

    private Formats() {
    }
}
