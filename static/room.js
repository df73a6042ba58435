/* The room display pages through fields too long for the screen: each field shows as many rows
   as fit, a page at a time, every PAGE_MS; once every page has been shown (and at least every
   `data-refresh` seconds while results come in) it reloads for the latest standings. Without
   JavaScript the page shows the top of each field and reloads itself every 30 s. */
(function () {
  "use strict";
  var PAGE_MS = 8000;

  function paginate(section) {
    var rows = Array.prototype.slice.call(section.querySelectorAll("tbody tr"));
    var label = section.querySelector(".room-page");
    rows.forEach(function (row) { row.hidden = false; });
    if (!rows.length) { return 1; }
    var table = section.querySelector("table");
    var room = window.innerHeight - table.getBoundingClientRect().top - 8;
    var perPage = Math.max(1, Math.floor(room / rows[0].getBoundingClientRect().height));
    var pages = Math.ceil(rows.length / perPage);
    var page = 0;
    function show() {
      rows.forEach(function (row, index) {
        row.hidden = Math.floor(index / perPage) !== page;
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
