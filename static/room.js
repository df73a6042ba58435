/* The room displays (an event's, a drive's) page through fields too long for the screen: each
   field (its table rows, or its list of prizes) shows as many rows as fit, a page at a time, every
   PAGE_MS; once every page has been shown (and at least every `data-refresh` seconds while results
   come in) it reloads for the latest standings. Without JavaScript the page shows the top of each
   field and reloads itself (every 30 s for an event, 10 s for a drive). */
(function () {
  "use strict";
  var PAGE_MS = 8000;

  function paginate(section) {
    var rows = Array.prototype.slice.call(section.querySelectorAll("tbody tr, li"));
    var label = section.querySelector(".room-page");
    rows.forEach(function (row) { row.hidden = false; });
    if (!rows.length) { return 1; }
    var bottom = Math.min(window.innerHeight, section.getBoundingClientRect().bottom);
    var room = bottom - rows[0].getBoundingClientRect().top - 4;
    // Rows are filled into pages by their own heights: a long name wraps onto a second line. With
    // fewer rows shown the names' column can only widen, so no row grows once its page is shown.
    var pageOf = [];
    var last = 0;
    var used = 0;
    rows.forEach(function (row) {
      var height = row.getBoundingClientRect().height;
      if (used > 0 && used + height > room) { last += 1; used = 0; }
      pageOf.push(last);
      used += height;
    });
    var pages = last + 1;
    var page = 0;
    function show() {
      rows.forEach(function (row, index) {
        row.hidden = pageOf[index] !== page;
      });
      if (label) { label.textContent = pages > 1 ? "page " + (page + 1) + " of " + pages : ""; }
    }
    show();
    section.turn = function () { page = (page + 1) % pages; show(); };
    return pages;
  }

  function start() {
    var sections = Array.prototype.slice.call(document.querySelectorAll(".room-field"));
    var pages = Math.max.apply(null, [1].concat(sections.map(paginate)));
    var refresh = parseInt(document.body.getAttribute("data-refresh"), 10);
    var shown = 1;
    if (pages > 1) {
      window.setInterval(function () {
        shown += 1;
        sections.forEach(function (section) { if (section.turn) { section.turn(); } });
        if (refresh && shown > pages && shown * PAGE_MS >= refresh * 1000) { window.location.reload(); }
      }, PAGE_MS);
    }
    if (refresh && pages <= 1) {
      window.setTimeout(function () { window.location.reload(); }, refresh * 1000);
    }
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
