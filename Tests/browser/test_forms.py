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
    # Said beside the field too, which has the focus.
    assert browser.find_element("id", "form-error-here").text == notice.split(": ", 1)[1].split("\n")[0], notice
    assert browser.switch_to.active_element.get_attribute("id") == "log-volume"
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


def test_delete_then_undo_brings_the_drink_back_and_the_undo_goes_after_its_seconds(web, browser):
    _signed_in(web, browser)
    browser.find_element("id", "log-volume").send_keys("123")
    browser.find_element("id", "log-volume").submit()
    wait_for(lambda: "done=logged" in browser.current_url, what="the redirect after logging")

    def rows():
        return browser.execute_script(
            "return Array.from(document.querySelectorAll('tr.intake')).map(function (r) {"
            " return [r.querySelector('td').textContent, r.querySelector('.fluid').textContent, r.querySelectorAll('td')[2].textContent]; })")

    before = rows()
    mine = [row for row in before if row[2] == "123 mL"]
    assert mine, before
    total = ring_total(browser)
    # Delete the 123 mL drink (its row's Delete button).
    browser.execute_script(
        "Array.from(document.querySelectorAll('tr.intake')).filter(function (r) {"
        " return r.querySelectorAll('td')[2].textContent === '123 mL'; })[0].querySelector('button.danger').click()")
    wait_for(lambda: "done=deleted" in browser.current_url, what="the redirect after deleting")
    assert abs(ring_total(browser) - (total - 123)) < 1.0
    assert "Drink deleted." in browser.find_element("id", "undo").text
    browser.find_element("id", "undo-button").click()
    wait_for(lambda: "done=restored" in browser.current_url, what="the redirect after undoing")
    assert abs(ring_total(browser) - total) < 1.0
    assert sorted(rows()) == sorted(before), (rows(), before)

    # Deleted again: the undo button goes by itself after its seconds.
    browser.execute_script(
        "Array.from(document.querySelectorAll('tr.intake')).filter(function (r) {"
        " return r.querySelectorAll('td')[2].textContent === '123 mL'; })[0].querySelector('button.danger').click()")
    wait_for(lambda: "done=deleted" in browser.current_url, what="the second delete")
    assert browser.find_elements("id", "undo-button")
    seconds = int(browser.find_element("id", "undo").get_attribute("data-undo-seconds"))
    wait_for(lambda: not browser.find_elements("id", "undo-button"), timeout=seconds + 5, what="the undo to go")
    assert "Drink deleted." in browser.find_element("id", "undo").text
    assert not _page_errors(browser), _page_errors(browser)
