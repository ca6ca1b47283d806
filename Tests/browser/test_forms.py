"""The dashboard's forms in a real browser (issue #39 items 8, 12, 15): a number typed the way
the page's language writes it, a refused post that keeps what was typed at the page's own
address, and the undo after a delete."""
import time

from browsing import console_errors, ring_total, sign_in, wait_for


def _page_errors(browser):
    """Console errors but the refused post's own status (a 4xx the test asked for)."""
    return [entry for entry in console_errors(browser)
            if not (entry.get("source") == "network" and "status of 4" in entry.get("message", ""))]


def _signed_in(web, browser, path="/today"):
    browser.delete_all_cookies()
    sign_in(browser, web, "ana", path)


def test_a_refused_drink_keeps_what_was_typed_at_the_pages_own_address(web, browser):
    browser.set_window_size(1280, 800)
    _signed_in(web, browser)
    before = ring_total(browser)
    field = browser.find_element("id", "log-volume")
    field.send_keys("7,000")
    field.submit()
    wait_for(lambda: browser.find_elements("id", "form-error"), what="the refusal")
    notice = browser.find_element("id", "form-error").text
    assert "a drink is more than 0 and at most 6,000 mL; you entered 7,000 mL." in notice, notice
    assert browser.find_element("id", "log-volume").get_attribute("value") == "7,000"
    assert browser.find_element("id", "log-volume").get_attribute("aria-invalid") == "true"
    # The address is the page's, not the post's: a reload opens the page and posts nothing.
    assert browser.current_url == web.url("/today"), browser.current_url
    browser.refresh()
    assert not browser.find_elements("id", "form-error")
    assert ring_total(browser) == before
    # `1,000` on the English page is a thousand millilitres (it was logged as 1 mL).
    field = browser.find_element("id", "log-volume")
    field.send_keys("1,000")
    field.submit()
    wait_for(lambda: "done=logged" in browser.current_url, what="the redirect after logging")
    assert abs(ring_total(browser) - before - 1000) < 1.0, (before, ring_total(browser))
    assert not _page_errors(browser), _page_errors(browser)


def test_a_german_page_reads_a_german_number(web, browser):
    _signed_in(web, browser, "/today?lang=de")
    before = ring_total(browser)
    field = browser.find_element("id", "log-volume")
    field.send_keys("0,25")
    browser.find_element("css selector", "#log-unit option[value='l']").click()
    field.submit()
    wait_for(lambda: "done=logged" in browser.current_url, what="the redirect after logging")
    assert abs(ring_total(browser) - before - 250) < 1.0, (before, ring_total(browser))
    browser.get(web.url("/today?lang=en"))
