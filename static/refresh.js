/* A live page that loads itself again every `data-seconds` seconds (the <script> tag's attribute),
   as its <noscript> meta refresh does without JavaScript. A script rather than the meta refresh, so
   the page is fetched again by its address (never a form sent again) and screen readers are not
   told of a page-wide refresh they did not ask for. */
(function () {
  "use strict";
  var script = document.currentScript;
  var seconds = parseInt(script && script.getAttribute("data-seconds"), 10);
  if (seconds > 0) {
    window.setTimeout(function () {
      // A table's page redrawn in place by the answer to a tap (tablet.js, queue.js) is reloaded
      // only if what it shows now asks to look again too, never under the players' fingers.
      if (document.querySelector("script[data-seconds]")) window.location.replace(window.location.href);
    }, seconds * 1000);
  }
})();
