package org.restcompress.demo;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.util.JsonRecyclerPools;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.CBORFactory;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.xml.XmlFactory;
import com.fasterxml.jackson.dataformat.xml.XmlMapper;
import org.msgpack.jackson.dataformat.MessagePackFactory;

/**
 * The demo's Jackson mappers, each with its buffers pooled in the mapper rather than per thread. Jackson's default
 * pool is a {@code ThreadLocal} in every thread that read or wrote: on a servlet container's pooled threads it keeps
 * an undeployed WAR's class loader (Jackson is in {@code WEB-INF/lib}) until the thread ends. A pool of the mapper's
 * own goes with the application.
 */
final class Jackson {

    private Jackson() {
    }

    static ObjectMapper json() {
        return new ObjectMapper(pooled(new JsonFactory()));
    }

    static XmlMapper xml() {
        return new XmlMapper(pooled(new XmlFactory()));
    }

    static ObjectMapper cbor() {
        return new ObjectMapper(pooled(new CBORFactory()));
    }

    static ObjectMapper smile() {
        return new ObjectMapper(pooled(new SmileFactory()));
    }

    static ObjectMapper messagePack() {
        return new ObjectMapper(pooled(new MessagePackFactory()));
    }

    private static <F extends JsonFactory> F pooled(F factory) {
        factory.setRecyclerPool(JsonRecyclerPools.newConcurrentDequePool());
        return factory;
    }
}
