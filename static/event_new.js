/* The new-event page's button says who is entered next: "players" once "Who plays" is the
   individual, else "pairs". Without JavaScript it says what the form held when the page was made. */
(function () {
  "use strict";
  var choices = document.querySelectorAll("input[name=individual]");
  var who = document.querySelector("[data-who]");
  if (!choices.length || !who) { return; }
  function say() {
    var chosen = document.querySelector("input[name=individual]:checked");
    who.textContent = chosen && chosen.value ? "players" : "pairs";
  }
  choices.forEach(function (choice) { choice.addEventListener("change", say); });
  say();
})();
