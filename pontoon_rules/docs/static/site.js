/* The site's small script: the matrix's choice of rulesets, and a note where search cannot
   work. Every page reads without it; it never reads or writes page text as HTML. */
(function () {
  "use strict";

  function mode(values) {
    var counts = {}, best = null;
    values.forEach(function (v) {
      counts[v] = (counts[v] || 0) + 1;
      if (best === null || counts[v] > counts[best]) { best = v; }
    });
    return best;
  }

  function refreshMatrix(page) {
    var picks = page.querySelectorAll(".pr-pick-col");
    var on = {};
    picks.forEach(function (box) { on[box.dataset.col] = box.checked; });
    page.querySelectorAll("[data-col]:not(input)").forEach(function (cell) {
      cell.classList.toggle("pr-col-off", !on[cell.dataset.col]);
    });
    var differing = 0;
    page.querySelectorAll("tbody tr").forEach(function (row) {
      var cells = Array.prototype.filter.call(row.querySelectorAll("td[data-v]"),
        function (cell) { return on[cell.dataset.col]; });
      if (!cells.length) { return; }
      var values = cells.map(function (cell) { return cell.dataset.v; });
      var usual = mode(values);
      var differs = values.some(function (v) { return v !== usual; });
      row.classList.toggle("pr-same", !differs);
      row.classList.toggle("pr-differs-row", differs);
      cells.forEach(function (cell) { cell.classList.toggle("pr-odd", cell.dataset.v !== usual); });
      if (differs) { differing += 1; }
    });
    var count = page.querySelector(".pr-differing-count");
    if (count) { count.textContent = String(differing); }
  }

  function setUpMatrix() {
    var page = document.querySelector(".pr-matrix-page");
    if (!page) { return; }
    page.querySelectorAll(".pr-pick-col").forEach(function (box) {
      box.addEventListener("change", function () {
        var checked = page.querySelectorAll(".pr-pick-col:checked").length;
        if (checked < 2) { box.checked = true; return; }
        refreshMatrix(page);
      });
    });
    page.classList.add("pr-js");
  }

  function noteSearchFromFile() {
    if (window.location.protocol !== "file:") { return; }
    var input = document.querySelector(".md-search__input");
    if (!input) { return; }
    var note = document.documentElement.lang === "ru"
      ? "Поиск работает, когда сайт открыт через сервер: pontoon-rules docs serve"
      : "Search works when the site is served: pontoon-rules docs serve";
    input.setAttribute("placeholder", note);
    input.setAttribute("title", note);
    input.disabled = true;
  }

  function start() {
    setUpMatrix();
    noteSearchFromFile();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
}());
