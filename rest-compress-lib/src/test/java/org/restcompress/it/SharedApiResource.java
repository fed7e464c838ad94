package org.restcompress.it;

import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;

public class SharedApiResource implements SharedApi {

    @Context
    private HttpHeaders headers;

    @Override
    public byte[] shared() {
        return CodingResource.JSON;
    }

    @Override
    public String upload(byte[] body) {
        return headers.getHeaderString("X-Received-Content-Encoding") + " " + body.length;
    }

    @Override
    public String uploadPlain(byte[] body) {
        return upload(body);
    }
}
