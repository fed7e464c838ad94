package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DictionaryTrainingTest {

    @Test
    void instancesOfOneApplicationShareAKeyAndApplicationsWithOtherMethodsDoNot() {
        String key = DictionaryTraining.storeKey("api", List.of("orders/*", "items/*"));
        assertTrue(key.matches("trained:api:[0-9a-f]{16}"), key);
        assertEquals(key, DictionaryTraining.storeKey("api", List.of("items/*", "orders/*")),
                "the methods' order at deployment does not matter");
        assertNotEquals(key, DictionaryTraining.storeKey("api", List.of("items/*")), "another application");
        assertNotEquals(key, DictionaryTraining.storeKey("api", List.of("shop/orders/*", "shop/items/*")));
        assertNotEquals(key, DictionaryTraining.storeKey("feed", List.of("orders/*", "items/*")));
    }
}
