/* A league card on a side's tablet: a big button for each deal's tricks. Each deal's heading shows
   the count tapped, the page moves on to the next deal (in games and rubbers, once its honours are
   tapped too), and the foot of the card says how many deals are still to tap. Without JavaScript
   the buttons are plain radio buttons in one form, and the card posts as it is. */
(function () {
  "use strict";

  function deals() { return Array.prototype.slice.call(document.querySelectorAll("fieldset.deal")); }

  function tricks(deal) {
    var checked = deal.querySelector(".tricks input:checked");
    return checked ? checked.value : "";
  }

  function show(deal) {
    var chosen = deal.querySelector(".chosen");
    var value = tricks(deal);
    chosen.textContent = value === "" ? "" : ": " + value + (value === "1" ? " trick" : " tricks");
    deal.classList.toggle("done", value !== "");
  }

  function still() {
    var box = document.getElementById("still");
    if (!box) return;
    var left = deals().filter(function (deal) { return tricks(deal) === ""; });
    box.hidden = left.length === 0;
    box.textContent = left.length === 1
      ? "Deal " + left[0].id.replace("deal-", "") + " is still to tap."
      : left.length + " deals are still to tap.";
  }

  document.addEventListener("DOMContentLoaded", function () {
    deals().forEach(show);
    still();
  });

  document.addEventListener("change", function (event) {
    var deal = event.target.closest("fieldset.deal");
    if (!deal) return;
    show(deal);
    still();
    var honours = deal.hasAttribute("data-honours");
    var moveOn = honours ? event.target.closest(".honours-choice") : event.target.closest(".tricks");
    if (!moveOn) return;
    var all = deals();
    var next = all.slice(all.indexOf(deal) + 1).find(function (d) { return tricks(d) === ""; });
    if (next) next.scrollIntoView({ behavior: "smooth", block: "start" });
  });
})();
