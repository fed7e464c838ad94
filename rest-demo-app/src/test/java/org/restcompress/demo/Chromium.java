package org.restcompress.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.function.Consumer;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/** Debian's headless Chromium driven through its chromedriver (Selenium), one fresh browser per use. */
final class Chromium implements AutoCloseable {

    static final Path BINARY = Paths.get("/usr/bin/chromium");
    static final Path DRIVER = Paths.get("/usr/bin/chromedriver");

    final ChromeDriver driver;
    private final ChromeDriverService service;

    private Chromium(ChromeDriverService service, ChromeDriver driver) {
        this.service = service;
        this.driver = driver;
    }

    /** Skips the tests where Chromium or its driver is missing, except under CI, which must install both. */
    static void assumeInstalled() {
        boolean installed = Files.isExecutable(BINARY) && Files.isExecutable(DRIVER);
        if (System.getenv("CI") != null) {
            assertTrue(installed, "CI must install Debian's chromium and chromium-driver");
        }
        assumeTrue(installed, "chromium is not installed");
    }

    /** A fresh browser with its profile in {@code profile}; {@code options} adds to the headless defaults. */
    static Chromium start(Path profile, Consumer<ChromeOptions> options) {
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(DRIVER.toFile()).usingAnyFreePort().build();
        ChromeOptions chrome = new ChromeOptions();
        chrome.setBinary(BINARY.toFile());
        chrome.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--user-data-dir=" + profile);
        options.accept(chrome);
        return new Chromium(service, new ChromeDriver(service, chrome));
    }

    @Override
    public void close() {
        driver.quit();
        service.stop();
    }
}
