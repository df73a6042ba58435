/* Minnesota whist plays no trumps: on the pages of a new event, drive and team night the fields of
   classic whist alone (the trumps, a drive's sit-out score in tricks) are put away while the scoring
   or the game chosen is Minnesota whist, and come back with classic whist. Without JavaScript they
   stay, their help saying a Minnesota evening does not use them. */
(function () {
  "use strict";
  var chooser = document.querySelector("select[name=scoring], select[name=game]");
  if (!chooser) { return; }
  var classic = ["trump_schedule", "sit_out"].map(function (name) {
    var field = document.getElementById("id_" + name);
    return field && field.closest(".field, p");
  }).filter(Boolean);
  function show() {
    var minnesota = chooser.value.indexOf("minnesota") === 0;  // "minnesota", "minnesota_total"
    classic.forEach(function (box) { box.style.display = minnesota ? "none" : ""; });
  }
  chooser.addEventListener("change", show);
  show();
})();
