/* A live page's changing part (the element with `data-part`, the address of that part alone),
   fetched again every `data-seconds` seconds and put in place, without reloading the page: the
   reader keeps their place. Without JavaScript the page's <noscript> refresh reloads it whole. */
(function () {
  "use strict";
  var live = document.querySelector("[data-part]");
  var seconds = live && parseInt(live.getAttribute("data-seconds"), 10);
  if (!(seconds > 0) || !window.fetch) { return; }
  function look() {
    fetch(live.getAttribute("data-part"), { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) { if (html !== null) { live.innerHTML = html; } })
      .catch(function () { /* offline for a moment: the next look tries again */ })
      .then(function () { window.setTimeout(look, seconds * 1000); });
  }
  window.setTimeout(look, seconds * 1000);
})();
