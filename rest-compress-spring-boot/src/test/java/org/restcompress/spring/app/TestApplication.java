package org.restcompress.spring.app;

import org.glassfish.jersey.server.ResourceConfig;
import org.restcompress.it.CodingResource;
import org.restcompress.it.DictionaryResource;
import org.restcompress.it.EventResource;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot application as its users write one: Jersey's starter, a {@link ResourceConfig} with its resources (the
 * library suite's), and the starter on the class path; nothing of rest-compress registered by hand.
 */
@SpringBootApplication
public class TestApplication {

    @Bean
    ResourceConfig jersey() {
        return new ResourceConfig(CodingResource.class, EventResource.class, DictionaryResource.class);
    }
}
