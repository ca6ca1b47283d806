"""What the browser tests share: the binaries they need, waiting, reading the console,
signing in."""
import os
import shutil
import time

import pytest

PAGES = ["today", "goal", "history", "steps", "strength", "challenges", "consents", "tokens"]


def browser_binaries():
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not chromium or not driver:
        message = "chromium and chromium-driver are needed (bash scripts/bootstrap.sh --test installs them)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    return chromium, driver


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def ring_total(driver):
    # Read in the page in one step: a live update replaces the ring, and a WebElement found
    # before it would be stale by the time its attribute is asked for.
    return float(driver.execute_script("return document.getElementById('ring').getAttribute('data-total-ml')"))


def wait_for(predicate, timeout=10, interval=0.1, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout} s waiting for {what}")


def sign_in(driver, web, user, path="/today"):
    """Opens `path` signed out, signs in on the page it redirects to, and checks the browser
    arrives at `path`."""
    driver.get(web.url(path))
    assert "/sign-in" in driver.current_url, driver.current_url
    field = driver.find_element("id", "token")
    field.send_keys(web.token(user))
    field.submit()
    wait_for(lambda: "/sign-in" not in driver.current_url, what="the redirect after signing in")
    assert driver.current_url == web.url(path), (driver.current_url, driver.page_source[:500])
