extension DashboardAssets {
    /// Progressive enhancement: sets the `tz` cookie to the browser's zone (so "today" is
    /// the user's day), fills the sign-in form's zone field, reloads once a page the server read
    /// in another zone (`data-zone`), puts a refused form's page back at its own address, takes a delete's "Undo" away after its
    /// seconds, and follows the live-update stream (server-sent events): when an
    /// event of a group the page shows arrives, it fetches the page again and swaps in the
    /// regions marked `data-live` with that group — except one that holds the keyboard
    /// focus (a form being filled in), which waits for the next change.
    public static let script = #"""
    (function () {
      'use strict';
      try {
        var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        if (zone) {
          var cookie = 'tz=' + encodeURIComponent(zone);
          var signInZone = document.getElementById('signin-tz');
          if (signInZone) { signInZone.value = zone; }
          if ((' ' + document.cookie + ';').indexOf(' ' + cookie + ';') < 0) {
            document.cookie = cookie + '; path=/; SameSite=Lax; max-age=31536000';
          }
          // A page read in another zone (a first visit, a one-time link, a journey): once the
          // cookie holds the browser's zone, fetch it again, once per zone and tab.
          var rendered = document.body.getAttribute('data-zone');
          var asked = 'quench-zone-reload';
          if (rendered && rendered !== zone && (' ' + document.cookie + ';').indexOf(' ' + cookie + ';') >= 0 &&
              window.sessionStorage && sessionStorage.getItem(asked) !== zone) {
            sessionStorage.setItem(asked, zone);
            window.location.reload();
            return;
          }
        }
      } catch (e) { /* no Intl or no storage: the page's zone as the server read it */ }
      // A refused form shows its page at the address it posted to (/today/log): put the
      // page's own address back, so a reload or a bookmark opens the page, not the post.
      var page = document.body.getAttribute('data-page');
      if (page && window.history && history.replaceState && window.location.pathname !== '/' + page) {
        history.replaceState(null, '', '/' + page);
      }
      // "Undo" after a delete stays a few seconds (data-undo-seconds), then goes.
      var undo = document.getElementById('undo');
      if (undo) {
        setTimeout(function () {
          var form = undo.querySelector('form');
          if (form && !form.contains(document.activeElement)) { form.remove(); }
          else if (form) { form.addEventListener('focusout', function () { form.remove(); }); }
        }, 1000 * Number(undo.getAttribute('data-undo-seconds') || 0));
      }
      var wanted = (document.body.getAttribute('data-live') || '').split(' ').filter(Boolean);
      if (!wanted.length || !window.EventSource || !window.fetch || !window.DOMParser) { return; }
      var status = document.getElementById('live-status');
      function say(key) {
        if (!status) { return; }
        status.hidden = false;
        status.textContent = status.getAttribute(key);
      }
      var busy = false, again = false;
      function refresh(groups) {
        if (busy) { again = true; return; }
        busy = true;
        fetch(window.location.href, { credentials: 'same-origin', headers: { 'Accept': 'text/html' } })
          .then(function (response) { return response.ok ? response.text() : null; })
          .then(function (text) {
            if (text === null) { return; }
            var fresh = new DOMParser().parseFromString(text, 'text/html');
            document.querySelectorAll('[data-live]').forEach(function (region) {
              if (region === document.body || !region.id) { return; }
              var own = region.getAttribute('data-live').split(' ');
              if (!own.some(function (g) { return groups.indexOf(g) >= 0; })) { return; }
              if (region.contains(document.activeElement) && document.activeElement !== document.body) { return; }
              var replacement = fresh.getElementById(region.id);
              if (replacement) { region.replaceWith(document.importNode(replacement, true)); }
            });
            document.documentElement.setAttribute('data-refreshed', String(Date.now()));
          })
          .catch(function () { say('data-offline'); })
          .then(function () {
            busy = false;
            if (again) { again = false; refresh(wanted); }
          });
      }
      var source = new EventSource('/events');
      source.addEventListener('open', function () { say('data-connected'); document.documentElement.setAttribute('data-live-connected', 'true'); });
      source.addEventListener('error', function () { say('data-offline'); });
      source.addEventListener('change', function (event) {
        var groups = String(event.data).split(' ');
        if (groups.some(function (g) { return wanted.indexOf(g) >= 0; })) { refresh(groups); }
      });
    })();
    """#
}
