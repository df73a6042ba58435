/* The new-event page's button says who is entered next: "players" once "Who plays" is the
   individual, else "pairs". Without JavaScript it says what the form held when the page was made. */
(function () {
  "use strict";
  var choice = document.getElementById("id_individual");
  var who = document.querySelector("[data-who]");
  if (!choice || !who) { return; }
  function say() { who.textContent = choice.value ? "players" : "pairs"; }
  choice.addEventListener("change", say);
  say();
})();
