/* whistdrive at the tables with no network: every score tapped on a table's page is first kept on
   the tablet (localStorage, one list per table link, so two tables on one tablet never mix), then
   sent, oldest first, one at a time, until the scorer has it. With the Wi-Fi gone the table keeps
   playing: each board shows its count "waiting to send", E/W may confirm a count entered here, and
   the list outlives a closed tab: the page sends it first when it is opened again. Sending one
   twice is harmless (the scorer finds it already as asked). Each entry carries how often the
   organiser had set the board when it was typed ("seen"): if they have set it since, the scorer
   refuses it and the page says so until the table has read it. Without JavaScript the forms post
   as they always did. */
(function () {
  "use strict";
  var RETRY_MS = [1000, 2000, 4000, 5000]; // then every 5 s: back within 10 s of the network
  var sending = false;
  var timer = null;
  var failures = 0;

  function outbox() { return document.getElementById("outbox"); }

  function storeKey(box) { return "whistdrive.queue." + box.dataset.table; }

  function load(box) {
    try {
      var kept = JSON.parse(localStorage.getItem(storeKey(box)));
      if (kept && Array.isArray(kept.entries) && Array.isArray(kept.refused)) return kept;
    } catch (e) { /* a damaged list is started afresh */ }
    return { entries: [], refused: [] };
  }

  function save(box, queue) {
    if (!queue.entries.length && !queue.refused.length) localStorage.removeItem(storeKey(box));
    else localStorage.setItem(storeKey(box), JSON.stringify(queue));
  }

  function element(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function hidden(form, name, value) {
    if (value !== null && value !== undefined && value !== "") {
      form.appendChild(element("input", { type: "hidden", name: name, value: value }));
    }
  }

  function form(box, action, item, tricks, seen, granded, honours) {
    var f = element("form", { method: "post", action: box.dataset[action], "data-queue": action });
    hidden(f, box.dataset.field, item);
    hidden(f, "seen", seen);
    if (action !== "enter") hidden(f, "ns_tricks", tricks);
    // Who went grand goes with its tricks: a drive's Minnesota hand ("NS", "EW", "low"), or an
    // event's Minnesota board (where "" is a low hand, sent as it is).
    if (action !== "enter" && (granded || (box.dataset.grand && granded !== null && granded !== undefined))) {
      f.appendChild(element("input", { type: "hidden", name: "granded", value: granded }));
    }
    // In games and rubbers, the honours claimed go with their tricks too.
    if (action !== "enter") hidden(f, "honours", honours);
    return f;
  }

  // Who went grand at a drive's Minnesota table, as the tablet's page says it.
  var GRANDS = { NS: "N/S grand", EW: "E/W grand", low: "Low" };

  // An event's Minnesota board: the page's choices of who went grand, "NS=N/S grand;EW=E/W grand;=Low".
  function grandChoices(box) {
    return (box.dataset.grand || "").split(";").filter(Boolean).map(function (pair) {
      var at = pair.indexOf("=");
      return { value: pair.slice(0, at), words: pair.slice(at + 1) };
    });
  }

  function grandWords(box, granded) {
    if (!box.dataset.grand) return granded ? GRANDS[granded] + " · " : "";
    var found = grandChoices(box).filter(function (c) { return c.value === granded; })[0];
    return found ? found.words + " · " : "";
  }

  // Honours claimed in games and rubbers ("NS4"), as the page says them: ", N/S 4 honours".
  function honoursText(honours) {
    return honours ? ", " + honours.slice(0, 1) + "/" + honours.slice(1, 2) + " " + honours.slice(2) + " honours" : "";
  }

  function score(tricks, note, done, grand, honours) {
    var p = element("p", { class: done ? "score done" : "score" });
    if (grand) p.append(grand);
    p.append("N/S ", element("b", {}, tricks), " · E/W ", element("b", {}, String(13 - tricks)), honoursText(honours) + " ");
    p.appendChild(element("span", { class: "waiting" }, note));
    return p;
  }

  // A board as the table left it: the scorer's state, then this tablet's entries in their order.
  function localState(section, entries) {
    var state = { status: section.dataset.status, tricks: section.dataset.tricks, granded: section.dataset.granded, honours: section.dataset.honours || "" };
    entries.forEach(function (entry) {
      var honours = entry.honours || "";
      if (entry.action === "enter") state = { status: "awaiting", tricks: entry.tricks, granded: entry.granded, honours: honours };
      else if (entry.action === "confirm") state = { status: "confirmed", tricks: entry.tricks, granded: entry.granded, honours: honours };
      else state = { status: "missing", tricks: "", granded: null, honours: "" };
    });
    return state;
  }

  function redraw(box, section, entries) {
    var state = localState(section, entries);
    var seen = entries[entries.length - 1].seen;
    var item = section.dataset.item;
    var heading = section.querySelector("h2");
    while (heading.nextSibling) section.removeChild(heading.nextSibling);
    section.className = "board queued " + state.status;
    var enter = section.querySelector("template.enter-form");
    if (state.status === "missing" && enter) {
      // The page's own entry (a drive's Minnesota hand asks who went grand too), as the scorer drew it.
      section.appendChild(enter.content.cloneNode(true));
      section.querySelectorAll("form[data-queue] input[name=seen]").forEach(function (input) { input.value = seen; });
    } else if (state.status === "missing") {
      var choices = grandChoices(box);
      var tricks = form(box, "enter", item, null, seen);
      tricks.className = "tricks";
      if (choices.length) {
        section.appendChild(element("p", { class: "ask" }, "Who went grand?"));
        var grand = element("div", { class: "grand" });
        choices.forEach(function (c) {
          var label = element("label", { class: "grand-choice" });
          label.append(element("input", { type: "radio", name: "granded", value: c.value, required: "" }), " " + c.words);
          grand.appendChild(label);
        });
        tricks.append(grand, element("p", { class: "ask" }, "N/S: how many tricks did you take?"));
      } else {
        section.appendChild(element("p", { class: "ask" }, "N/S: how many tricks did you take?"));
      }
      var rubbers = section.dataset.rubbers === "1";
      for (var n = 0; n <= 13; n++) {
        if (rubbers) { // games and rubbers: the tricks first, then the honours claimed send it
          var label = element("label", { class: "trick" });
          label.append(element("input", { type: "radio", name: "ns_tricks", value: n, required: "", "aria-label": "N/S took " + n + " tricks" }), String(n));
          tricks.appendChild(label);
        } else {
          tricks.appendChild(element("button", { name: "ns_tricks", value: n, "aria-label": "N/S took " + n + " tricks" }, String(n)));
        }
      }
      if (rubbers) {
        // The words of the page's own buttons (rubbers.CLAIM_CHOICES).
        tricks.appendChild(element("p", { class: "ask" }, "Honours claimed?"));
        var claims = element("div", { class: "honours" });
        [["", "No honours"], ["NS2", "N/S 2 (three honours)"], ["NS4", "N/S 4 (all four)"],
         ["EW2", "E/W 2 (three honours)"], ["EW4", "E/W 4 (all four)"]].forEach(function (claim) {
          claims.appendChild(element("button", { name: "honours", value: claim[0], class: "big" }, claim[1]));
        });
        tricks.appendChild(claims);
      }
      section.appendChild(tricks);
    } else if (state.status === "awaiting") {
      section.appendChild(score(state.tricks, "waiting to send", false, grandWords(box, state.granded), state.honours));
      section.appendChild(element("p", { class: "ask" }, "E/W: is this right?"));
      var choice = element("div", { class: "confirm" });
      var yes = form(box, "confirm", item, state.tricks, seen, state.granded, state.honours);
      yes.appendChild(element("button", { class: "big yes" }, "Yes, confirm"));
      var no = form(box, "reject", item, state.tricks, seen);
      no.appendChild(element("button", { class: "big no" }, "No, enter again"));
      choice.append(yes, no);
      section.appendChild(choice);
    } else {
      section.appendChild(score(state.tricks, "Confirmed here · waiting to send", true, grandWords(box, state.granded), state.honours));
    }
  }

  function plural(n, one, many) { return n + " " + (n === 1 ? one : many); }

  // While this round's scores wait on the tablet, last round's "go to table 2" (drawn by the scorer
  // before them) no longer holds, and the scorer cannot say where to go next: the table is told so,
  // and pointed at its cards, which list every round.
  function roundNotice(box, byItem, kept) {
    var old = document.querySelector("section.kept-round");
    if (old) old.remove();
    var round = box.dataset.round;
    var sections = Array.prototype.slice.call(document.querySelectorAll("section.board[data-item]"));
    var waiting = sections.filter(function (section) { return byItem[section.dataset.item]; });
    if (!round || !kept || !waiting.length) return;
    var stale = document.querySelector("section.moves");
    if (stale) stale.remove();
    var over = sections.every(function (section) {
      var entries = byItem[section.dataset.item];
      return (entries ? localState(section, entries).status : section.dataset.status) === "confirmed";
    });
    var notice = element("section", { class: "moves kept-round", role: "status" });
    notice.append(
      element("strong", {}, over ? "Round " + round + " is over at this table." : "Round " + round + ":"),
      " Its scores are waiting to send, kept on this tablet. " +
        (over ? "Where to go next: " + box.dataset.next + "." : "When the round is over, " + box.dataset.next + " for where to go next.")
    );
    var head = document.querySelector("header.table-head");
    if (head) head.after(notice);
  }

  function render() {
    var box = outbox();
    if (!box) return;
    var queue = load(box);
    var field = box.dataset.field || (queue.entries[0] || { field: "board" }).field;
    var byItem = {};
    queue.entries.forEach(function (entry) { (byItem[entry.item] = byItem[entry.item] || []).push(entry); });
    document.querySelectorAll("section.board[data-item]").forEach(function (section) {
      var entries = byItem[section.dataset.item];
      if (entries) redraw(box, section, entries);
    });
    roundNotice(box, byItem, failures > 0 || queue.entries.some(function (entry) { return entry.kept; }));
    box.textContent = "";
    var waiting = Object.keys(byItem).length;
    if (waiting) {
      var words = failures
        ? " waiting to send: kept on this tablet, sent by itself when the network is back. Keep playing."
        : " waiting to send.";
      box.appendChild(element("p", { class: "waiting-count" }, plural(waiting, field, field + "s") + words));
      var list = element("ul", { class: "waiting-list" });
      Object.keys(byItem).forEach(function (item) {
        var state = localState({ dataset: { status: "missing", tricks: "" } }, byItem[item]);
        var what = state.status === "missing" ? "sent back" : "N/S " + state.tricks + honoursText(state.honours) + (state.status === "confirmed" ? ", confirmed" : "");
        list.appendChild(element("li", {}, field.charAt(0).toUpperCase() + field.slice(1) + " " + item + ": " + what));
      });
      box.appendChild(list);
    }
    queue.refused.forEach(function (refusal, index) {
      var note = element("div", { class: "refused", role: "alert" });
      note.appendChild(element("p", {}, refusal.what + ": " + refusal.message));
      var ok = element("button", { type: "button", class: "secondary", "data-refusal": index }, "Understood");
      note.appendChild(ok);
      box.appendChild(note);
    });
    box.hidden = !waiting && !queue.refused.length;
  }

  function show(page, url) {
    document.title = page.title;
    document.body.replaceWith(page.body);
    history.replaceState(null, "", url);
  }

  function refusalText(page) {
    var said = page.querySelector(".messages .error") || page.querySelector(".notice");
    return said ? said.textContent.trim() : "The scorer refused it: ask the organiser.";
  }

  function describe(entry) {
    var field = entry.field;
    var what = field.charAt(0).toUpperCase() + field.slice(1) + " " + entry.item;
    var count = "N/S " + entry.tricks + honoursText(entry.honours);
    if (entry.action === "enter") return what + " (" + count + ", typed here)";
    if (entry.action === "confirm") return what + " (" + count + ", confirmed here)";
    return what + " (sent back here)";
  }

  function later() {
    clearTimeout(timer);
    timer = setTimeout(drain, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    failures += 1;
  }

  // Send the oldest entry; when the scorer has answered, show its page and send the next.
  function drain() {
    var box = outbox();
    if (!box || sending) return;
    var queue = load(box);
    if (!queue.entries.length) return;
    clearTimeout(timer);
    sending = true;
    var entry = queue.entries[0];
    var body = new FormData();
    body.append("csrfmiddlewaretoken", box.dataset.csrf);
    body.append(entry.field, entry.item);
    if (entry.tricks !== null && entry.tricks !== "") body.append("ns_tricks", entry.tricks);
    if (entry.granded || (box.dataset.grand && entry.granded !== null && entry.granded !== undefined)) {
      body.append("granded", entry.granded);
    }
    if (entry.seen !== null && entry.seen !== "") body.append("seen", entry.seen);
    if (entry.honours) body.append("honours", entry.honours);
    fetch(entry.url, { method: "POST", body: body, credentials: "same-origin" })
      .then(function (response) {
        // A 5xx is the scorer busy for a moment (nothing was written): the entry stays.
        if (response.status >= 500) throw new Error("the scorer answered " + response.status);
        return response.text().then(function (html) {
          var page = new DOMParser().parseFromString(html, "text/html");
          var now = load(box);
          now.entries = now.entries.filter(function (e) { return e.id !== entry.id; });
          if (!response.ok || page.querySelector(".messages .error")) {
            // Refused: the same board's later entries go with it. One sent at once is answered
            // as it always was; one the tablet kept is said to the table until it is read.
            now.entries = now.entries.filter(function (e) { return e.item !== entry.item; });
            if (entry.kept) {
              now.refused.push({ what: describe(entry), message: refusalText(page) });
              page.querySelectorAll(".messages .error").forEach(function (li) { li.remove(); });
              page.querySelectorAll(".messages:empty").forEach(function (list) { list.remove(); });
            }
          }
          save(box, now);
          sending = false;
          failures = 0;
          show(page, response.url);
          render();
          drain();
        });
      })
      .catch(function () {
        sending = false;
        keep(box);
        later();
        render();
      });
  }

  // Entries that waited (a send failed, or they outlived their page) are the tablet's to report.
  function keep(box) {
    var queue = load(box);
    queue.entries.forEach(function (entry) { entry.kept = true; });
    save(box, queue);
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    var box = outbox();
    if (!box || !form.matches("form[data-queue]")) return;
    event.preventDefault();
    var data = new FormData(form, event.submitter);
    var queue = load(box);
    queue.entries.push({
      id: Date.now() + "-" + Math.random().toString(36).slice(2),
      action: form.dataset.queue,
      url: form.action,
      field: box.dataset.field,
      item: data.get(box.dataset.field),
      tricks: data.get("ns_tricks"),
      granded: data.get("granded"),
      seen: data.get("seen"),
      honours: data.get("honours") || "",
    });
    save(box, queue);
    render();
    drain();
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-refusal]");
    var box = outbox();
    if (!button || !box) return;
    var queue = load(box);
    queue.refused.splice(Number(button.dataset.refusal), 1);
    save(box, queue);
    render();
  });

  function resume() { failures = 0; drain(); }

  window.addEventListener("online", resume);
  window.addEventListener("storage", render);
  document.addEventListener("DOMContentLoaded", function () {
    var box = outbox();
    if (box) keep(box);
    render();
    drain();
  });
})();
