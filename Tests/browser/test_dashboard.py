"""The dashboard in a real browser (issue #31, item 6): headless Chromium, driven by selenium
through chromedriver, against real services and a real quench-web.

It signs in with a token, logs a drink with one tap and sees the ring change, sees the ring
change again by itself when a drink is logged from elsewhere (the live-update stream), opens
every page at a phone's and a desktop's size, and fails on any console error. With
QUENCH_WEB_SCREENSHOTS=DIR it saves each page at both sizes (docs/images/web/ holds the
committed ones: `QUENCH_WEB_SCREENSHOTS=docs/images/web bash scripts/browser-test.sh`).

Skipped (with the reason) when chromium or chromedriver is missing, unless CI=true.
"""
import os
import time

from browsing import PAGES, console_errors, ring_total, sign_in, wait_for
from browsing import browser_binaries as _browser_binaries

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
SHOTS = os.environ.get("QUENCH_WEB_SCREENSHOTS")


def test_sign_in_log_a_drink_and_see_the_ring_change(web, browser):
    _browser_binaries()
    browser.set_window_size(*SIZES["phone"])
    sign_in(browser, web, "ana")
    before = ring_total(browser)
    buttons = browser.find_elements("css selector", "button.quick-log")
    assert len(buttons) == 6, "six one-tap drinks"
    volume = float(buttons[0].get_attribute("data-volume-ml"))
    buttons[0].click()
    wait_for(lambda: "done=logged" in browser.current_url, what="the redirect after logging")
    after = ring_total(browser)
    assert abs(after - before - volume) < 1.0, (before, after, volume)
    assert browser.find_element("css selector", "p.notice").text == "Drink logged."
    assert browser.find_element("css selector", ".ring-value").text.endswith("%")
    assert not console_errors(browser), console_errors(browser)


def test_the_ring_updates_by_itself_when_a_drink_is_logged_elsewhere(web, browser):
    browser.get(web.url("/today"))
    wait_for(lambda: browser.execute_script("return document.documentElement.getAttribute('data-live-connected')") == "true",
             what="the live-update stream to connect")
    before = ring_total(browser)
    # Another device: the user's own key, straight to intake.
    reply = web.client("intake", as_user="ana").request("intake.log", {"volume": 333, "unit": "ml", "fluid": "water"},
                                                      user="ana", key=f"elsewhere-{time.time()}", tz="Europe/Berlin")
    assert "error" not in reply, reply
    wait_for(lambda: abs(ring_total(browser) - before - 333 * 1.0) < 1.0, timeout=10, what="the ring to follow the new drink")
    assert not console_errors(browser), console_errors(browser)


def test_every_page_opens_at_both_sizes_without_console_errors(web, browser):
    for size, (width, height) in SIZES.items():
        browser.set_window_size(width, height)
        for page in PAGES:
            browser.get(web.url(f"/{page}"))
            assert browser.find_element("tag name", "h1").text, page
            current = browser.find_element("css selector", "nav a[aria-current=page]")
            assert current.get_attribute("href").endswith(f"/{page}"), page
            # Nothing wider than the window (no sideways scrolling on a phone).
            overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"{page} at {size} is {overflow} px wider than the window"
            errors = console_errors(browser)
            assert not errors, f"{page} at {size}: {errors}"
            if SHOTS:
                os.makedirs(SHOTS, exist_ok=True)
                full = browser.execute_script("return document.documentElement.scrollHeight")
                browser.set_window_size(width, max(height, min(full, 2400)))
                browser.save_screenshot(os.path.join(SHOTS, f"{page}-{size}.png"))
                browser.set_window_size(width, height)


def test_keyboard_reaches_the_one_tap_buttons(web, browser):
    from selenium.webdriver.common.keys import Keys

    browser.set_window_size(*SIZES["desktop"])
    browser.get(web.url("/today"))
    body = browser.find_element("tag name", "body")
    body.send_keys(Keys.TAB)
    assert browser.switch_to.active_element.text == "Skip to content"
    for _ in range(40):
        browser.switch_to.active_element.send_keys(Keys.TAB)
        if "quick-log" in (browser.switch_to.active_element.get_attribute("class") or ""):
            break
    else:
        raise AssertionError("Tab never reached a one-tap drink")
    # The focused button shows a visible outline.
    outline = browser.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline not in ("", "none"), outline


def test_erase_my_data_asks_for_confirmation_then_erases_and_signs_out(web, browser):
    """The consents page's "Erase my data": without the checkbox ticked nothing is sent;
    ticked, the user's data is gone (DELETE /api/v1/me's work), the browser is signed out and
    told so, and the user's token is refused. Another user (ana) keeps everything."""
    import urllib.error
    import urllib.request

    def me(user):
        request = urllib.request.Request(web.url("/api/v1/me"), headers={"Authorization": "Bearer " + web.token(user)})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    web.add_web_user("eve")
    reply = web.client("intake", as_user="eve").request("intake.log", {"volume": 404, "unit": "ml", "fluid": "water"},
                                                      user="eve", key=f"eve-{time.time()}", tz="Europe/Berlin")
    assert "error" not in reply, reply
    browser.set_window_size(*SIZES["desktop"])
    browser.delete_all_cookies()
    sign_in(browser, web, "eve")
    browser.get(web.url("/consents"))
    assert browser.find_element("id", "erase-heading").text == "Erase my data"
    # Not confirmed: the browser does not send the form (the checkbox is required).
    browser.find_element("id", "erase-button").click()
    time.sleep(0.5)
    assert browser.current_url == web.url("/consents"), browser.current_url
    assert me("eve") == 200
    browser.find_element("id", "erase-confirm").click()
    browser.find_element("id", "erase-button").click()
    wait_for(lambda: "/sign-in" in browser.current_url, timeout=30, what="the redirect after erasing")
    assert "error=erased" in browser.current_url, browser.current_url
    assert "Your data has been erased." in browser.page_source
    assert me("eve") == 401
    exported = web.client("intake", as_user="eve").request("intake.export", {}, user="eve")
    assert "error" not in exported and exported["body"]["intakes"] == [], exported
    assert me("ana") == 200
    assert not console_errors(browser), console_errors(browser)
