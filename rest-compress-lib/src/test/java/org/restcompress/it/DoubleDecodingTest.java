package org.restcompress.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.core.Response;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.restcompress.CompressionFeature;

/**
 * The runtime's own gzip decoder registered beside the feature (Jersey's EncodingFilter with its GZipEncoder,
 * RESTEasy's GZIPDecodingInterceptor): the feature decodes first and removes {@code Content-Encoding} from what the
 * interceptors after it see, so the body is decoded once. CXF's client has no such JAX-RS decoder.
 */
class DoubleDecodingTest {

    @Test
    void aBodyIsDecodedOnceWithTheRuntimesOwnDecoderRegistered() throws Exception {
        Assumptions.assumeFalse(TestRuntime.isCxf(), "CXF's client has no JAX-RS gzip decoder to register");
        try (TestServer server = TestServer.start(TestApplication.class)) {
            Client client = ClientBuilder.newClient().register(CompressionFeature.class);
            if (TestRuntime.isJersey()) {
                client.register(Class.forName("org.glassfish.jersey.client.filter.EncodingFilter"))
                        .register(Class.forName("org.glassfish.jersey.message.GZipEncoder"));
            } else {
                client.register(Class.forName("org.jboss.resteasy.plugins.interceptors.GZIPDecodingInterceptor"));
            }
            try {
                Response response = client.target(server.uri("gzip")).request().get();
                assertEquals(200, response.getStatus());
                assertArrayEquals(CodingResource.JSON, response.readEntity(byte[].class));
            } finally {
                client.close();
            }
        }
    }
}
