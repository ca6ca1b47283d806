"""The first page after signing in is the browser's day (issue #39 item 14: a browser in Los
Angeles at 21:00 on 1 December saw 2 December's page until it reloaded). Chromium runs with a
forced zone (TZ) in which it is another day than in UTC right now, so the server's UTC day and
the user's differ whatever the hour of the run."""
import base64
import datetime
import secrets
import time
import zoneinfo

from browsing import browser_binaries, console_errors, wait_for


def _zone_on_another_day():
    """A zone whose date differs from UTC's now: UTC+14 from 10:00 UTC, UTC-11 before 11:00."""
    hour = datetime.datetime.now(datetime.timezone.utc).hour
    return "Pacific/Kiritimati" if hour >= 10 else "Pacific/Pago_Pago"


def _local_day(zone):
    return datetime.datetime.now(zoneinfo.ZoneInfo(zone)).date().isoformat()


def _page_day(driver):
    return driver.execute_script("var ring = document.getElementById('ring'); return ring && ring.getAttribute('data-day')")


def _navigation(driver):
    return driver.execute_script("return performance.getEntriesByType('navigation')[0].type")


def test_the_first_page_after_signing_in_is_the_browsers_day(web):
    browser_binaries()
    from conftest import make_browser

    zone = _zone_on_another_day()
    assert _local_day(zone) != datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    driver = make_browser(zone=zone)
    try:
        assert driver.execute_script("return Intl.DateTimeFormat().resolvedOptions().timeZone") == zone
        driver.get(web.url("/today"))
        assert "/sign-in" in driver.current_url
        field = driver.find_element("id", "token")
        field.send_keys(web.token("ana"))
        field.submit()
        wait_for(lambda: "/sign-in" not in driver.current_url, what="the redirect after signing in")
        # The very first render: the browser's day, and no reload was needed for it.
        assert _page_day(driver) == _local_day(zone), (zone, _page_day(driver))
        assert _navigation(driver) == "navigate"
        assert driver.execute_script("return document.body.getAttribute('data-zone')") == zone
        assert not console_errors(driver), console_errors(driver)
    finally:
        driver.quit()


def test_a_one_time_link_lands_on_the_browsers_day_after_at_most_one_reload(web):
    browser_binaries()
    from conftest import make_browser

    zone = _zone_on_another_day()
    link = "ql_" + base64.urlsafe_b64encode(secrets.token_bytes(32)).rstrip(b"=").decode()
    from harness import Client
    client = Client(web.ctx, web.web_rpc)
    web.clients.append(client)
    reply = client.request("tokens.link", {"link": link, "ttlSeconds": 60}, user="ana", key=f"link-{time.time()}")
    assert "error" not in reply, reply
    driver = make_browser(zone=zone)
    try:
        # No form, so no zone field: the server reads the first page in UTC, the script sees
        # another zone, sets the cookie and fetches the page again, once.
        driver.get(web.url(f"/sign-in/link?code={link}&next=/today"))
        wait_for(lambda: _page_day(driver) == _local_day(zone), what="the browser's day after the link")
        assert driver.current_url == web.url("/today")
        time.sleep(1)
        assert _page_day(driver) == _local_day(zone)
        assert not console_errors(driver), console_errors(driver)
    finally:
        driver.quit()
