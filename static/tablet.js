/* whistdrive at the tables: a form marked data-retry (the "Saving…" page's Try again) is sent,
   and when the scorer cannot answer for a moment (a restart, a Wi-Fi blip) sent again for a
   minute, saying "Saving…", instead of showing an error page. The tables' own scores are kept on
   the tablet and sent by queue.js. Every table action is safe to repeat, so sending it again can
   never double a score. Without JavaScript the forms post as they always did. */
(function () {
  "use strict";
  var RETRY_FOR_MS = 60000;

  function status(text) {
    var box = document.getElementById("saving");
    if (!box) {
      box = document.createElement("p");
      box.id = "saving";
      box.className = "saving";
      box.setAttribute("role", "status");
      document.body.appendChild(box);
    }
    box.textContent = text;
    box.hidden = !text;
  }

  function show(html, url, board) {
    var page = new DOMParser().parseFromString(html, "text/html");
    document.title = page.title;
    document.body.replaceWith(page.body);
    history.replaceState(null, "", url);
    var here = board && document.getElementById("board-" + board);
    if (here) here.scrollIntoView();
  }

  // A code shown again after an error: the cursor after its last letter, to correct it there.
  document.addEventListener("DOMContentLoaded", function () {
    var code = document.getElementById("code");
    if (code && code.value) {
      code.focus();
      code.setSelectionRange(code.value.length, code.value.length);
    }
  });

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-retry]")) return;
    event.preventDefault();
    var data = new FormData(form, event.submitter);
    var buttons = form.querySelectorAll("button");
    var started = Date.now();
    var delay = 400;
    buttons.forEach(function (b) { b.disabled = true; });
    status("Saving…");

    function attempt() {
      fetch(form.action, { method: "POST", body: data, credentials: "same-origin" })
        .then(function (response) {
          if (response.status >= 500) throw new Error("the scorer answered " + response.status);
          return response.text().then(function (html) { show(html, response.url, data.get("board")); });
        })
        .catch(function () {
          if (Date.now() - started > RETRY_FOR_MS) {
            status("Not saved: the scorer cannot be reached. Check the tablet is on the hall's Wi-Fi, then tap again.");
            buttons.forEach(function (b) { b.disabled = false; });
            return;
          }
          status("Saving… the scorer is busy, trying again.");
          setTimeout(attempt, delay);
          delay = Math.min(delay * 2, 4000);
        });
    }
    attempt();
  });
})();
