"""The dashboard's layout on phones (issue #39, items 10 and 13): no page scrolls sideways at
360×640 or 390×844 in any language, with the edit forms open and long names; the consent
buttons stay beside their titles when the titles wrap."""
import pytest

from browsing import console_errors, sign_in

PHONES = {"small": (360, 640), "phone": (390, 844)}
LANGUAGES = ["en", "de", "fr", "pseudo"]


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
