/* The run page's bar of the boards' double-dummy analysis: it asks the server how far the
   analysis has gone every two seconds, moves the bar, says when it is done, and shows the button
   to resume it when it has stalled. Without JavaScript the page shows the progress as it stood
   when loaded. */
(function () {
  "use strict";
  var EVERY_MS = 2000;

  function watch(box) {
    var bar = box.querySelector("progress");
    var title = box.querySelector(".analysis-title");
    var count = box.querySelector(".analysis-count");
    var hint = box.querySelector(".analysis-hint");
    var resume = box.querySelector(".analysis-resume");

    function show(progress) {
      bar.max = progress.dealt;
      bar.value = progress.analysed;
      count.textContent = progress.analysed + " of " + progress.dealt;
      resume.hidden = !progress.stalled;
      if (progress.analysed < progress.dealt) {
        window.setTimeout(ask, EVERY_MS);
        return;
      }
      title.textContent = "Double-dummy analysis done:";
      count.textContent = progress.dealt + " boards";
      hint.hidden = true;
    }

    function ask() {
      fetch(box.getAttribute("data-analysis-url"), { headers: { Accept: "application/json" } })
        .then(function (response) {
          if (!response.ok) { throw new Error("status " + response.status); }
          return response.json();
        })
        .then(show)
        .catch(function () { window.setTimeout(ask, EVERY_MS * 5); });
    }

    window.setTimeout(ask, EVERY_MS);
  }

  function start() {
    Array.prototype.forEach.call(document.querySelectorAll(".analysis[data-analysis-url]"), watch);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
