/* A live page's changing part (the element with `data-part`, the address of that part alone),
   fetched again every `data-seconds` seconds and put in place, without reloading the page: the
   reader keeps their place. Each look sends the ETag of the part it last put in place: when
   nothing has changed the server answers 304, and the part stays as it is. Without JavaScript the
   page's <noscript> refresh reloads it whole. */
(function () {
  "use strict";
  var live = document.querySelector("[data-part]");
  var seconds = live && parseInt(live.getAttribute("data-seconds"), 10);
  if (!(seconds > 0) || !window.fetch) { return; }
  var shown = null; /* the ETag of the part in place */
  function look() {
    var headers = shown ? { "If-None-Match": shown } : {};
    fetch(live.getAttribute("data-part"), { credentials: "same-origin", cache: "no-store", headers: headers })
      .then(function (response) {
        if (!response.ok) { return null; } /* 304: nothing new; or a moment's failure */
        return response.text().then(function (html) { return { html: html, etag: response.headers.get("ETag") }; });
      })
      .then(function (got) { if (got !== null) { live.innerHTML = got.html; shown = got.etag; } })
      .catch(function () { /* offline for a moment: the next look tries again */ })
      .then(function () { window.setTimeout(look, seconds * 1000); });
  }
  window.setTimeout(look, seconds * 1000);
})();
