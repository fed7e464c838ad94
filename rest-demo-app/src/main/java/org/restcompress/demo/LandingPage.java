package org.restcompress.demo;

import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;

/**
 * The landing page at the application's root. A servlet rather than a static file so that the WAR and the runnable
 * jar serve the same page from one copy on the classpath. The page is self-contained: no CDN, no other assets.
 */
@WebServlet(name = "landing-page", urlPatterns = "")
public class LandingPage extends HttpServlet {

    private static final long serialVersionUID = 1L;
    static final String PAGE = "index.html";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        byte[] page;
        try (InputStream in = LandingPage.class.getResourceAsStream(PAGE)) {
            if (in == null) {
                response.sendError(HttpServletResponse.SC_NOT_FOUND);
                return;
            }
            page = in.readAllBytes();
        }
        response.setContentType("text/html;charset=UTF-8");
        response.setContentLength(page.length);
        response.setHeader("Cache-Control", "no-cache");
        // Browsers take client hints from navigations only: asked here, the page's own calls to /rest carry Downlink,
        // and the library chooses their coding by the browser's link
        response.setHeader("Accept-CH", "Downlink");
        response.getOutputStream().write(page);
    }
}
