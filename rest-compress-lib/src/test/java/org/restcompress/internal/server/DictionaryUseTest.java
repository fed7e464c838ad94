package org.restcompress.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A method's path as its URL pattern: parameters as wildcards, the rest as a request carries it. */
class DictionaryUseTest {

    @Test
    void pathsBecomePatternsAsRequestsCarryThem() {
        assertEquals("items/*", DictionaryUse.wildcards("items/{id}"));
        assertEquals("items/*/x", DictionaryUse.wildcards("items/{id: [0-9]{1,3}}/x"));
        assertEquals("caf%C3%A9", DictionaryUse.wildcards("café"));
        assertEquals("%F0%9F%98%80*", DictionaryUse.wildcards("\uD83D\uDE00{id}"), "a pair is one character");
        assertEquals("%EF%BF%BD*", DictionaryUse.wildcards("\uD800{id}"), "a lone half swallows nothing");
        assertEquals("50%25off/a%20b", DictionaryUse.wildcards("50%off/a%20b"), "% starting no escape is encoded");
        assertEquals("a%3Fb%23c%5Cd", DictionaryUse.wildcards("a?b#c\\d"));
        assertEquals("x\\(y\\)\\+z\\*\\:", DictionaryUse.wildcards("x(y)+z*:"), "URL Pattern syntax escaped");
        // and the base path's own: a context path is no group, nor a named one
        assertEquals("/api\\(v2\\)/items/*", DictionaryUse.pattern("/api(v2)", "items/*"));
        assertEquals("/app\\:v1/*", DictionaryUse.pattern("/app:v1/", "*"));
        assertEquals("/rest/items/*", DictionaryUse.pattern("/rest/", "items/*"));
    }

    @Test
    void anAnnotationsOwnPatternKeepsItsSyntax() {
        assertEquals("/rest/caf%C3%A9/%C3%BC*", DictionaryUse.encoded("/rest/café/ü*"));
        assertEquals("/a/*?x=1", DictionaryUse.encoded("/a/*?x=1"));
        assertEquals("/a%20b/100%25", DictionaryUse.encoded("/a b/100%"));
    }
}
