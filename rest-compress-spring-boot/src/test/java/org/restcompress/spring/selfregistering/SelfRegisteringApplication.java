package org.restcompress.spring.selfregistering;

import org.glassfish.jersey.server.ResourceConfig;
import org.restcompress.CompressionFeature;
import org.restcompress.it.CodingResource;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** An application that registers the feature on its ResourceConfig itself, as one written for plain Jersey does. */
@SpringBootApplication
public class SelfRegisteringApplication {

    @Bean
    ResourceConfig jersey() {
        return new ResourceConfig(CodingResource.class).register(CompressionFeature.class);
    }
}
