"""One deployment (the services and quench-web) and one headless Chromium for every browser
test of the run."""
import os

import pytest

from browsing import browser_binaries
from web_harness import WebDeployment, seed_month


@pytest.fixture(scope="session")
def web():
    dep = WebDeployment()
    try:
        dep.add_web_user("ana")
        seed_month(dep, "ana")
        yield dep
    finally:
        dep.stop()


def make_browser(zone="Europe/Berlin", lang="en-US"):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    chromium, driver_path = browser_binaries()
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--force-device-scale-factor=1", f"--lang={lang}"]:
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    # The browser's zone, whatever the machine's (the page's "today").
    service = Service(driver_path, env={**os.environ, "TZ": zone})
    driver = webdriver.Chrome(service=service, options=options)
    driver.set_page_load_timeout(20)
    return driver


@pytest.fixture(scope="session")
def browser():
    driver = make_browser()
    yield driver
    driver.quit()
