// The house-rule workbench page: plain JavaScript, no library, served by the workbench itself.
//
// The form is the draft: every change sends every control's value to /api/state, which
// answers with the rules panel drawn again (sentences, marks, problems) and the id of the
// analysis job for these rules. Each answer carries the number of the request it answers;
// an answer to an older request than the last one sent is dropped, and so is any poll of a
// job that is no longer this tab's current one: the last change wins, nothing stale is shown.
(function () {
  "use strict";
  const root = document.getElementById("wb");
  if (!root) return;
  const tab = (window.crypto && crypto.randomUUID) ? crypto.randomUUID()
    : String(Date.now()) + String(Math.random()).slice(2);
  const form = document.getElementById("wb-form");
  const rules = document.getElementById("wb-rules");
  const analysis = document.getElementById("wb-analysis");
  const statusLine = document.getElementById("wb-status");
  const nameInput = document.getElementById("wb-name");
  const langSelect = document.getElementById("wb-lang");
  const openRules = new Set();
  let seq = 0;
  let pendingSet = {};
  let currentJob = null;
  let compareJob = null;

  function say(text, bad) {
    statusLine.textContent = text || "";
    statusLine.classList.toggle("wb-status-bad", Boolean(bad));
  }

  function fieldValues() {
    const out = {};
    rules.querySelectorAll(".wb-field").forEach(function (el) {
      const kind = el.dataset.kind;
      const special = el.querySelector('[data-role="special"]');
      let value;
      if (kind === "list") {
        value = Array.from(el.querySelectorAll(".wb-list select")).map(function (s) { return s.value; });
      } else if (kind === "items") {
        value = Array.from(el.querySelectorAll('[data-role="value"]')).map(function (i) { return i.value; });
      } else {
        const input = el.querySelector('[data-role="value"]');
        value = input ? input.value : "";
      }
      out[el.dataset.path] = { v: value, s: special ? special.value : "" };
    });
    return out;
  }

  function draft() {
    return { tab: tab, start: root.dataset.start, lang: langSelect.value, name: nameInput.value,
             fields: fieldValues(), set: pendingSet };
  }

  async function postJSON(url, body) {
    const response = await fetch(url, { method: "POST", body: JSON.stringify(body),
      headers: { "content-type": "application/json" } });
    return answer(response);
  }

  async function answer(response) {
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      const words = (data && data.error) || ("the workbench answered " + response.status);
      const more = (data && data.problems && data.problems.length) ? " " + data.problems.join(" ") : "";
      throw new Error(words + more);
    }
    return data;
  }

  function replaceRules(html) {
    const focused = document.activeElement;
    const focusName = focused && rules.contains(focused) ? focused.getAttribute("name") : null;
    const focusField = focused && focused.closest ? focused.closest(".wb-field") : null;
    const focusPath = focusField ? focusField.dataset.path : null;
    rules.innerHTML = html;
    rules.querySelectorAll("details.wb-rule").forEach(function (d) {
      if (openRules.has(d.dataset.rule)) d.open = true;
    });
    if (focusPath) {
      const field = rules.querySelector('.wb-field[data-path="' + CSS.escape(focusPath) + '"]');
      const again = field && (focusName ? field.querySelector('[name="' + CSS.escape(focusName) + '"]')
        : field.querySelector("select, input, textarea"));
      if (again) again.focus();
    }
  }

  async function update() {
    const mine = ++seq;
    const body = draft();
    body.seq = mine;
    pendingSet = {};
    currentJob = null;  // the figures on the panel are the old rules': stop following them
    root.dataset.state = "checking";
    analysis.classList.add("wb-stale");
    say("Checking the rules…");
    let data;
    try {
      data = await postJSON("/api/state", body);
    } catch (error) {
      if (mine === seq) { say(error.message, true); root.dataset.state = "error"; }
      return;
    }
    if (mine !== seq) return;  // a newer change was sent since: its answer will be drawn
    replaceRules(data.rules_html);
    root.dataset.filename = data.filename || "";
    root.dataset.valid = data.valid ? "yes" : "no";
    say(data.valid ? "" : data.problems + (data.problems === 1 ? " problem" : " problems")
      + ": each is shown at its rule.", !data.valid);
    root.dataset.state = "ready";
    if (data.job) {
      watch(data.job);
    } else {
      currentJob = null;
      analysis.classList.remove("wb-stale");
      analysis.textContent = "";
      const note = document.createElement("p");
      note.className = "wb-muted";
      note.textContent = "Nothing is analysed until the rules hold together.";
      analysis.appendChild(note);
    }
  }

  function watch(jobId) {
    currentJob = jobId;
    analysis.dataset.job = jobId;
    poll(jobId, null, "draft");
  }

  async function poll(jobId, version, which) {
    const isCurrent = function () { return which === "draft" ? currentJob === jobId : compareJob === jobId; };
    if (!isCurrent()) return;
    const url = "/api/job/" + encodeURIComponent(jobId) + "?tab=" + encodeURIComponent(which === "draft" ? tab : tab + "/compare")
      + "&lang=" + encodeURIComponent(langSelect.value) + "&since=" + (version === null ? "" : version);
    let data;
    try {
      data = await answer(await fetch(url));
    } catch (error) {
      if (isCurrent()) say(error.message, true);
      return;
    }
    if (!isCurrent()) return;  // another change made another job current meanwhile
    if (!data.unchanged) {
      const target = which === "draft" ? analysis : document.getElementById("wb-compare");
      const kept = Array.from(target.querySelectorAll("details[data-keep][open]"))
        .map(function (d) { return d.dataset.keep; });
      target.innerHTML = data.html;
      target.querySelectorAll("details[data-keep]").forEach(function (d) {
        if (kept.indexOf(d.dataset.keep) >= 0) d.open = true;
      });
      target.classList.remove("wb-stale");
      version = data.version;
    }
    if (!data.final) setTimeout(function () { poll(jobId, version, which); }, 350);
  }

  function listOf(field) {
    return Array.from(field.querySelectorAll(".wb-list select")).map(function (s) { return s.value; });
  }

  rules.addEventListener("click", function (event) {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const field = button.closest(".wb-field");
    const item = button.closest("li");
    const items = Array.from(field.querySelectorAll(".wb-list > li"));
    const index = items.indexOf(item);
    const values = listOf(field);
    if (button.dataset.action === "remove") values.splice(index, 1);
    if (button.dataset.action === "up" && index > 0) {
      values.splice(index - 1, 2, values[index], values[index - 1]);
    }
    pendingSet[field.dataset.path] = values;
    update();
  });

  rules.addEventListener("toggle", function (event) {
    const d = event.target;
    if (!d.dataset || !d.dataset.rule) return;
    if (d.open) openRules.add(d.dataset.rule); else openRules.delete(d.dataset.rule);
  }, true);

  form.addEventListener("change", function (event) {
    const target = event.target;
    if (target.dataset && target.dataset.action === "add") {
      const field = target.closest(".wb-field");
      if (!target.value) return;
      pendingSet[field.dataset.path] = listOf(field).concat([target.value]);
    }
    update();
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });

  analysis.addEventListener("click", function (event) {
    const button = event.target.closest("button.wb-try");
    if (!button) return;
    pendingSet[button.dataset.path] = JSON.parse(button.dataset.value);
    const field = rules.querySelector('.wb-field[data-path="' + CSS.escape(button.dataset.path) + '"]');
    const rule = field && field.closest("details.wb-rule");
    if (rule) { rule.open = true; rule.scrollIntoView({ block: "center" }); }
    update();
  });

  function fileName(header, fallback) {
    const match = /filename\*=UTF-8''([^;]+)/i.exec(header || "");
    return match ? decodeURIComponent(match[1]) : fallback;
  }

  async function download(url, what, fallback) {
    say("Making " + what + "…");
    root.dataset.download = "busy";
    let response;
    try {
      response = await fetch(url, { method: "POST", body: JSON.stringify(draft()),
        headers: { "content-type": "application/json" } });
      if (!response.ok) await answer(response);
    } catch (error) {
      say(error.message, true);
      root.dataset.download = "failed";
      return;
    }
    const name = fileName(response.headers.get("content-disposition"), fallback);
    const link = document.createElement("a");
    link.href = URL.createObjectURL(await response.blob());
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 60000);
    say("Downloaded " + name + ".");
    root.dataset.download = "done";
  }

  document.getElementById("wb-download-yaml").addEventListener("click", function () {
    download("/api/download/yaml", "the rules file", "house-rules.yaml");
  });
  document.getElementById("wb-download-pdf").addEventListener("click", function () {
    download("/api/download/pdf", "the rule sheet (PDF)", "house-rules.pdf");
  });

  const startSelect = document.getElementById("wb-start");
  startSelect.addEventListener("change", function () { startSelect.form.submit(); });
  const upload = document.getElementById("wb-upload");
  upload.addEventListener("change", function () {
    if (upload.files.length) { say("Uploading…"); upload.form.submit(); }
  });

  document.querySelectorAll(".wb-tabs button").forEach(function (button) {
    button.addEventListener("click", function () {
      document.querySelectorAll("[data-pane]").forEach(function (pane) {
        pane.hidden = pane.dataset.pane !== button.dataset.tab;
      });
      document.querySelectorAll(".wb-tabs button").forEach(function (b) {
        b.classList.toggle("wb-tab-on", b === button);
      });
    });
  });
  document.querySelectorAll('[data-pane="compare"]').forEach(function (pane) { pane.hidden = true; });

  const compareForm = document.getElementById("wb-compare-form");
  const compareOut = document.getElementById("wb-compare");
  const onlyDifferences = document.getElementById("wb-only-differences");
  function showDifferences() { compareOut.classList.toggle("wb-only-differences", onlyDifferences.checked); }
  onlyDifferences.addEventListener("change", showDifferences);
  showDifferences();
  compareForm.addEventListener("submit", async function (event) {
    event.preventDefault();
    const picks = Array.from(compareForm.querySelectorAll('input[name="pick"]:checked'))
      .map(function (i) { return i.value; });
    say("Comparing…");
    compareOut.classList.add("wb-stale");
    let data;
    try {
      data = await postJSON("/api/compare", { tab: tab, picks: picks, lang: langSelect.value, draft: draft() });
    } catch (error) {
      say(error.message, true);
      return;
    }
    say("");
    compareJob = data.job;
    compareOut.innerHTML = data.html;
    compareOut.classList.remove("wb-stale");
    if (!data.final) poll(data.job, data.version, "compare");
  });

  update();
})();
