package org.restcompress.it;

public class SharedApiResource implements SharedApi {

    @Override
    public byte[] shared() {
        return CodingResource.JSON;
    }
}
