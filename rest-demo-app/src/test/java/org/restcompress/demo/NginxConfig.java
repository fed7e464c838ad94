package org.restcompress.demo;

import java.nio.file.Path;

/** The start of an nginx configuration for a test: in the foreground, one process, everything under {@code dir}. */
final class NginxConfig {

    private NginxConfig() {
    }

    /** Up to and including {@code http {} and its temporary paths; the caller adds the rest and closes it. */
    static String head(Path dir) {
        String prefix = dir.toString();
        return String.join("\n",
                "worker_processes 1;",
                "daemon off;",
                "master_process off;",
                "pid " + prefix + "/nginx.pid;",
                "error_log " + prefix + "/error.log warn;",
                "events { worker_connections 64; }",
                "http {",
                "  access_log off;",
                "  client_body_temp_path " + prefix + "/tmp/body;",
                "  proxy_temp_path " + prefix + "/tmp/proxy;",
                "  fastcgi_temp_path " + prefix + "/tmp/fastcgi;",
                "  uwsgi_temp_path " + prefix + "/tmp/uwsgi;",
                "  scgi_temp_path " + prefix + "/tmp/scgi;",
                "");
    }
}
