"""The dashboard's layout on phones (issue #39, items 10 and 13): no page scrolls sideways at
360×640 or 390×844 in any language, with the edit forms open and long names; the consent
buttons stay beside their titles when the titles wrap."""
import os

import msgpack
import pytest

from browsing import PAGES, console_errors, sign_in

PHONES = {"small": (360, 640), "phone": (390, 844)}
LANGUAGES = ["en", "de", "fr", "pseudo"]
# QUENCH_LAYOUT_SCREENSHOTS=DIR saves every page of the layout test (72 files) to look at.
SHOTS = os.environ.get("QUENCH_LAYOUT_SCREENSHOTS")


def signed_in(browser, web, user, path="/today"):
    browser.delete_all_cookies()
    if user not in web.tokens:
        web.add_web_user(user)
    sign_in(browser, web, user, path)


def consent_rows(browser):
    return browser.execute_script("""
        return Array.from(document.querySelectorAll('section.consent')).map(function (row) {
          var box = function (el) { var r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
          return {type: row.getAttribute('data-type'), row: box(row), title: box(row.querySelector('h2')),
                  state: row.querySelector('p span').textContent, stateColour: getComputedStyle(row.querySelector('p span')).color,
                  button: box(row.querySelector('button'))};
        });""")


@pytest.mark.parametrize("user", ["nora", "ana"])
def test_consent_buttons_stay_beside_their_titles_on_a_phone(web, browser, user):
    """nora never granted anything ("Not granted", neutral, a Grant button each); ana granted
    every type (Revoke and its checkbox). At both phone sizes in every language the button is
    on the title's line, at the right, inside the card."""
    signed_in(browser, web, user, "/consents")
    for width, height in PHONES.values():
        browser.set_window_size(width, height)
        for lang in LANGUAGES:
            browser.get(web.url(f"/consents?lang={lang}"))
            rows = consent_rows(browser)
            assert len(rows) == 5, rows
            for row in rows:
                where = f"{user} {lang} {width}px {row['type']}"
                assert row["button"]["top"] < row["title"]["bottom"], f"{where}: the button is below the title ({row})"
                assert row["button"]["left"] >= row["title"]["right"] - 1, f"{where}: the button overlaps the title ({row})"
                assert row["button"]["right"] <= row["row"]["right"], f"{where}: the button leaves the card ({row})"
                if user == "nora":
                    # Neutral: the muted text colour, not the error red of "Revoked".
                    assert row["stateColour"] == "rgb(51, 65, 85)", f"{where}: {row['stateColour']}"
            if user == "nora" and lang == "en":
                assert {row["state"] for row in rows} == {"Not granted"}, rows
            overflow = browser.execute_script("return document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 0, f"consents {lang} at {width}px is {overflow} px wider than the window"
    assert not console_errors(browser), console_errors(browser)


# A fluid name of 60 characters without a space (the longest intake takes), and one with spaces.
LONG_FLUID = "Holunderblütensirupmitsprudelwasserundeinemspritzerzitrone60"
SPACED_FLUID = "Homemade ginger and lemongrass iced tea with a little honey"
EDIT_OPEN = "today-edit"
# Every dashboard page (browsing.PAGES, the routes of DashboardRoutes.swift), today with every
# drink's Edit open, and the sign-in page (signed out).
STATES = ["today", EDIT_OPEN] + [page for page in PAGES if page != "today"] + ["sign-in"]


def seed_long_values(web, user):
    """A month of data (seed.py), two fluids of the user's own with long names drunk today in
    large amounts, and a goal set by hand (a goal history of two periods)."""
    import datetime
    import time

    from seed import seed_month

    web.add_web_user(user)
    seed_month(web, user)
    intake = web.client("intake", as_user=user)
    goals = web.client("goals", as_user=user)
    key = f"long-{user}-{time.time()}"
    for name, percent in [(LONG_FLUID, 99.5), (SPACED_FLUID, 97)]:
        reply = intake.request("fluids.add", {"name": name, "waterPercent": percent}, user=user, key=f"{key}-{name}")
        assert "error" not in reply, reply
    now = datetime.datetime.now(datetime.timezone.utc)
    for minutes, name, volume in [(50, LONG_FLUID, 1999.5), (40, SPACED_FLUID, 1234.5), (30, LONG_FLUID, 888)]:
        at = msgpack.Timestamp.from_unix((now - datetime.timedelta(minutes=minutes)).timestamp())
        reply = intake.request("intake.log", {"volume": volume, "unit": "ml", "fluid": name, "at": at},
                               user=user, key=f"{key}-{minutes}")
        assert "error" not in reply, reply
    reply = goals.request("goal.set", {"volume": 5750, "unit": "ml"}, user=user, key=f"{key}-goal")
    assert "error" not in reply, reply


# Everything that sticks out of its card (or of the window): each element and each text's
# boxes, unless a scrolling box between it and the card holds it (a table that scrolls inside
# its card). Visually hidden text (1 px, clipped) is not seen.
OVERFLOW_SCRIPT = """
var width = window.innerWidth, out = [];
function scrolls(el, card) {
  for (var node = el.parentElement; node && node !== card; node = node.parentElement) {
    var s = getComputedStyle(node);
    if (s.overflowX !== 'visible' || s.display === 'none') return true;
  }
  return false;
}
function hidden(el) { return el.closest('.visually-hidden') || el.getClientRects().length === 0; }
function name(el) { return el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : ''); }
function check(rect, what, card, box) {
  if (rect.width === 0 && rect.height === 0) return;
  if (rect.right > box.right + 0.5 || rect.left < box.left - 0.5)
    out.push(what + ' [' + Math.round(rect.left) + ',' + Math.round(rect.right) + '] outside ' + name(card) + ' [' + Math.round(box.left) + ',' + Math.round(box.right) + ']');
}
document.querySelectorAll('.card').forEach(function (card) {
  var box = card.getBoundingClientRect();
  if (box.right > width + 0.5) out.push(name(card) + ' ends at ' + Math.round(box.right) + ' px');
  card.querySelectorAll('*').forEach(function (el) {
    if (hidden(el) || scrolls(el, card)) return;
    check(el.getBoundingClientRect(), name(el), card, box);
    el.childNodes.forEach(function (node) {
      if (node.nodeType !== 3 || !node.textContent.trim()) return;
      var range = document.createRange(); range.selectNodeContents(node);
      Array.from(range.getClientRects()).forEach(function (r) { check(r, name(el) + ' text "' + node.textContent.trim().slice(0, 30) + '"', card, box); });
    });
  });
});
return {scroll: document.scrollingElement.scrollWidth - width, out: out.slice(0, 8)};
"""


def open_state(browser, web, state, lang):
    if state == "sign-in":
        browser.delete_all_cookies()
        browser.get(web.url(f"/sign-in?lang={lang}"))
        return
    page = "today" if state == EDIT_OPEN else state
    browser.get(web.url(f"/{page}?lang={lang}"))
    assert "/sign-in" not in browser.current_url, browser.current_url
    if state == EDIT_OPEN:
        opened = browser.execute_script(
            "var all = document.querySelectorAll('tr.intake details'); all.forEach(function (d) { d.open = true; }); return all.length")
        assert opened >= 5, f"only {opened} drinks to edit"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_or_leaves_its_card_on_a_phone(web, browser, lang):
    """Every page (today with every drink's Edit open too, and sign-in) at 360×640 and 390×844
    in `lang`, for a user with long fluid names, large drinks and a goal history: the page is
    no wider than the window and nothing sticks out of its card. With
    QUENCH_LAYOUT_SCREENSHOTS set, each is saved as layout-LANG-STATE-WIDTH.png."""
    if "lena" not in web.tokens:
        seed_long_values(web, "lena")
    problems = []
    for width, height in PHONES.values():
        browser.set_window_size(width, height)
        # Signed in for the pages; the last state, sign-in, signs out.
        signed_in(browser, web, "lena")
        for state in STATES:
            open_state(browser, web, state, lang)
            found = browser.execute_script(OVERFLOW_SCRIPT)
            if found["scroll"] > 0:
                problems.append(f"{state} {width}px: {found['scroll']} px wider than the window")
            problems += [f"{state} {width}px: {item}" for item in found["out"]]
            if SHOTS:
                os.makedirs(SHOTS, exist_ok=True)
                full = browser.execute_script("return document.documentElement.scrollHeight")
                browser.set_window_size(width, max(height, min(full, 4000)))
                browser.save_screenshot(os.path.join(SHOTS, f"layout-{lang}-{state}-{width}.png"))
                browser.set_window_size(width, height)
    assert not problems, f"{lang}:\n" + "\n".join(problems)
    assert not console_errors(browser), console_errors(browser)
