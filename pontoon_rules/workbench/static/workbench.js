// The house-rule workbench page: plain JavaScript, no library, served by the workbench itself.
//
// The form is the draft: every change sends every control's value to /api/state, which
// answers with the rules panel drawn again (sentences, marks, problems) and the id of the
// analysis job for these rules. Each answer carries the number of the request it answers;
// an answer to an older request than the last one sent is dropped, and so is any poll of a
// job that is no longer this tab's current one: the last change wins, nothing stale is shown.
//
// Nothing the user did is lost on the way: a list's add, remove and move are made on the
// page at once (so the next click works on the list as it now is); a value set by a "try"
// button is kept in `unconfirmed` and sent with every request until an answer that carries
// it is drawn; what is typed in a box while a request is out is put back after its answer
// is drawn. The draft is kept in the browser's storage for this start, so a reload brings
// it back; only "Start again" clears it. A new language is the page again, the draft carried
// in its address's fragment (`#draft=`: never sent to the server) as well, so it crosses
// even where the browser keeps nothing (private mode, storage blocked). The draft the
// browser keeps comes first: an address's draft (a link from elsewhere) never replaces it;
// one too long or not a draft of this page is left out, said beside the language menu.
//
// The analysis panel never moves under the pointer: a poll waits on the server until the
// job moves on (a figure is drawn the moment it is known), the progress line keeps its
// place, and each section (edge, realistic variations, examples, strategy card) is drawn
// once, when its figures are final; until then the last rules' section stays, greyed.
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
  let unconfirmed = {};  // values set by "try" buttons, until an answer carrying them is drawn
  const storageKey = "pontoon-rules-workbench:" + root.dataset.start;
  let currentJob = null;
  let restored = "";  // what the status line says once a restored draft is drawn
  let compareJob = null;
  let everyRule = false;  // the page asked for the exhaustive cost table ("Every rule's cost")
  let drawn = {};  // section id -> the job whose final section is drawn there
  let handedOn = false;  // the page is going to its own draft in another language

  // The page's own words in its language (the page's data-words), each with {name}-style
  // places for what it names.
  let words = {};
  try { words = JSON.parse(root.dataset.words || "{}"); } catch (e) { words = {}; }
  function t(key, fill) {
    let text = words[key] || key;
    Object.keys(fill || {}).forEach(function (k) { text = text.split("{" + k + "}").join(fill[k]); });
    return text;
  }
  const pageLang = root.dataset.lang || "en";
  function withLang(url) { return url + (url.indexOf("?") >= 0 ? "&" : "?") + "lang=" + encodeURIComponent(pageLang); }

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

  function draft(fields) {
    return { tab: tab, start: root.dataset.start, lang: langSelect.value, name: nameInput.value,
             fields: fields || fieldValues(), set: Object.assign({}, unconfirmed),
             every_rule: everyRule };
  }

  function record(body, onlyChanged) {
    let fields = body.fields;
    if (onlyChanged) {
      fields = {};
      rules.querySelectorAll(".wb-field.wb-changed, .wb-field.wb-bad").forEach(function (el) {
        if (body.fields[el.dataset.path]) fields[el.dataset.path] = body.fields[el.dataset.path];
      });
    }
    return { start: root.dataset.start, name: body.name, lang: body.lang, fields: fields,
             set: body.set };
  }

  // The longest `#draft=` the page reads: a draft /api/state takes (`data-max-state` bytes),
  // each byte at most three characters of the address (%XX).
  const maxCarried = 3 * Number(root.dataset.maxState || 0);

  function isDraft(found) {
    // A draft as `record` makes one, for this start: each field a text or a list of texts,
    // and the text of its special; anything else is not read.
    const isMap = function (x) { return Boolean(x) && typeof x === "object" && !Array.isArray(x); };
    const isText = function (x) { return typeof x === "string"; };
    return isMap(found) && isMap(found.fields)
      && (found.start === undefined || found.start === root.dataset.start)
      && (found.name === undefined || isText(found.name))
      && (found.set === undefined || isMap(found.set))
      && Object.keys(found.fields).every(function (path) {
        const f = found.fields[path];
        return isMap(f) && isText(f.s) && (isText(f.v) || (Array.isArray(f.v) && f.v.every(isText)));
      });
  }

  function keep(body, onlyChanged) {
    try {
      localStorage.setItem(storageKey, JSON.stringify(record(body, onlyChanged)));
    } catch (e) { /* no storage (private mode, full): the draft lives on this page only */ }
  }

  function carried() {
    // The draft the language switch carried in the address (`#draft=`), for this start;
    // the fragment is taken out of the address, so a reload goes by the storage as before.
    // One too long, damaged or not this page's is left out, said beside the language menu.
    const hash = window.location.hash;
    if (hash.indexOf("#draft=") !== 0) return null;
    history.replaceState(null, "", window.location.pathname + window.location.search);
    let found = null;
    if (hash.length - 7 <= maxCarried) {
      try { found = JSON.parse(decodeURIComponent(hash.slice(7))); } catch (e) { found = null; }
    }
    if (isDraft(found) && found.start === root.dataset.start) return found;
    document.getElementById("wb-carried").textContent = t("carried_bad");
    return null;
  }

  function kept() {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey) || "null");
      return isDraft(saved) ? saved : null;
    } catch (e) { return null; }
  }

  function typedSince(sent, now) {
    // The values the user changed in the form since `sent` was read (typing, no change yet).
    const out = {};
    Object.keys(now).forEach(function (path) {
      if (JSON.stringify(now[path]) !== JSON.stringify(sent[path])) out[path] = now[path];
    });
    return out;
  }

  function putBack(typed) {
    Object.keys(typed).forEach(function (path) {
      const field = rules.querySelector('.wb-field[data-path="' + CSS.escape(path) + '"]');
      if (!field || field.dataset.kind === "list") return;
      const inputs = field.querySelectorAll('[data-role="value"]');
      const values = Array.isArray(typed[path].v) ? typed[path].v : [typed[path].v];
      inputs.forEach(function (input, i) { if (i < values.length) input.value = values[i]; });
      const special = field.querySelector('[data-role="special"]');
      if (special) special.value = typed[path].s;
    });
  }

  async function postJSON(url, body) {
    const response = await fetch(withLang(url), { method: "POST", body: JSON.stringify(body),
      headers: { "content-type": "application/json" } });
    return answer(response);
  }

  async function answer(response) {
    let data = null;
    try { data = await response.json(); } catch (e) { data = null; }
    if (!response.ok) {
      const words = (data && data.error) || t("answered", { status: String(response.status) });
      const more = (data && data.problems && data.problems.length) ? " " + data.problems.join(" ") : "";
      const error = new Error(words + more);
      error.status = response.status;
      throw error;
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

  let lastSent = null;  // the fields of the last change sent (a lost poll's retry sends them again)

  async function update(fields, sentBefore) {
    const mine = ++seq;
    // the form as it was when this request was sent (for a retry, as the change it repeats
    // had it: what was typed since is put back over the answer)
    const before = sentBefore || fieldValues();
    const body = draft(fields);
    body.seq = mine;
    lastSent = body.fields;
    keep(body, false);
    currentJob = null;  // the figures on the panel are the old rules': stop following them
    root.dataset.state = "checking";
    markStale();
    say(t("checking"));
    let data;
    try {
      data = await postJSON("/api/state", body);
    } catch (error) {
      if (mine === seq) { say(error.message, true); root.dataset.state = "error"; }
      return;
    }
    // A newer change was sent since (the server says "stale" when it saw it first): its
    // answer will be drawn.
    if (mine !== seq || data.stale) return;
    const typed = typedSince(before, fieldValues());
    replaceRules(data.rules_html);
    putBack(typed);
    unconfirmed = {};  // every value set so far went with this request, the last one
    keep(draft(), true);
    root.dataset.filename = data.filename || "";
    root.dataset.valid = data.valid ? "yes" : "no";
    say(data.valid ? "" : (data.problems_words || String(data.problems)) + ": " + t("at_its_rule"), !data.valid);
    if (restored && data.valid) say(restored);
    restored = "";
    root.dataset.state = "ready";
    if (data.job) {
      watch(data.job);
    } else {
      currentJob = null;
      analysis.classList.remove("wb-stale");
      analysis.textContent = "";
      const note = document.createElement("p");
      note.className = "wb-muted";
      note.textContent = t("nothing");
      analysis.appendChild(note);
    }
  }

  function watch(jobId) {
    currentJob = jobId;
    analysis.dataset.job = jobId;
    poll(jobId, null, "draft");
  }

  const MAX_RETRIES = 6;
  let pollTrouble = false;  // the status line says a poll failed: cleared when one answers

  async function poll(jobId, version, which, retries) {
    retries = retries || 0;
    const isCurrent = function () { return which === "draft" ? currentJob === jobId : compareJob === jobId; };
    if (!isCurrent()) return;
    const url = "/api/job/" + encodeURIComponent(jobId) + "?tab=" + encodeURIComponent(which === "draft" ? tab : tab + "/compare")
      + "&lang=" + encodeURIComponent(langSelect.value) + "&since=" + (version === null ? "" : version)
      + (version === null ? "" : "&wait=5");
    let data;
    try {
      data = await answer(await fetch(url));
    } catch (error) {
      if (!isCurrent()) return;
      say(error.message, true);
      pollTrouble = true;
      // The network or a busy server: ask again, later each time; a job the server no
      // longer knows (400) is not asked about again (the page says to change a rule).
      const transient = !error.status || error.status === 429 || error.status >= 500;
      if (transient && retries < MAX_RETRIES) {
        setTimeout(function () { poll(jobId, version, which, retries + 1); }, 1000 * (retries + 1));
      } else {
        lost(jobId, version, which, transient);
      }
      return;
    }
    if (!isCurrent()) return;  // another change made another job current meanwhile
    if (pollTrouble) { say(""); pollTrouble = false; }
    found(which);
    if (!data.unchanged) {
      if (which === "draft") {
        drawPanel(data.html, jobId);
      } else {
        const target = document.getElementById("wb-compare");
        const open = openKept(target);
        target.innerHTML = data.html;
        reopen(target, open);
        target.classList.remove("wb-stale");
      }
      version = data.version;
    }
    // the server waits for the job to move on: ask again at once (a moment, for the compare tab)
    if (!data.final) setTimeout(function () { poll(jobId, version, which); }, which === "draft" ? 0 : 350);
  }

  // A poll given up (the server unreachable through every retry, or a job it no longer
  // knows): the panel says so, with a button that asks again: the same job where the
  // trouble was the network's, else the last change sent once more (the server then makes
  // its job again). Nothing of the form is touched: what was typed since is put back.
  function pollTarget(which) {
    return which === "draft" ? analysis : document.getElementById("wb-compare");
  }

  function found(which) {
    const notice = pollTarget(which).querySelector(".wb-lost");
    if (notice) notice.remove();
  }

  function lost(jobId, version, which, transient) {
    found(which);
    const notice = document.createElement("div");
    notice.className = "wb-lost";
    notice.setAttribute("role", "alert");
    const words = document.createElement("p");
    words.textContent = t("poll_lost");
    const again = document.createElement("button");
    again.type = "button";
    again.textContent = t("retry");
    again.addEventListener("click", function () {
      notice.remove();
      say("");
      pollTrouble = false;
      if (transient || which !== "draft" || !lastSent) poll(jobId, version, which);
      else update(lastSent, lastSent);
    });
    notice.append(words, again);
    pollTarget(which).prepend(notice);
  }

  function openKept(target) {
    return Array.from(target.querySelectorAll("details[data-keep][open]"))
      .map(function (d) { return d.dataset.keep; });
  }

  function reopen(target, open) {
    target.querySelectorAll("details[data-keep]").forEach(function (d) {
      if (open.indexOf(d.dataset.keep) >= 0) d.open = true;
    });
  }

  function sections(job) {
    return Array.from(job.querySelectorAll(":scope > section[id]")).map(function (s) { return s.id; }).join(" ");
  }

  const edgeBar = document.getElementById("wb-edge-bar");

  function showEdgeBar() {
    // The bar at the foot of a phone's screen: the edge drawn for the current job with its
    // change, else the last one, greyed, until the new one is drawn.
    if (!edgeBar) return;
    const value = analysis.querySelector(".wb-job > #wb-edge:not(.wb-stale) #wb-edge-value");
    if (!value) { edgeBar.dataset.state = "stale"; return; }
    const change = analysis.querySelector(".wb-job > #wb-edge:not(.wb-stale) #wb-edge-change");
    const shown = document.getElementById("wb-bar-value");
    const delta = document.getElementById("wb-bar-change");
    shown.textContent = value.textContent;
    shown.dataset.edge = value.dataset.edge || value.textContent;
    delta.textContent = change ? change.textContent : "";
    delta.className = change ? change.className : "wb-delta";
    edgeBar.dataset.state = "current";
  }

  function markStale() {
    analysis.querySelectorAll(".wb-job > section[id]").forEach(function (s) { s.classList.add("wb-stale"); });
    // the old figures stay in view, greyed, but no longer answer to the figures' names
    analysis.querySelectorAll(".wb-job > section[id] output[id], .wb-job > section[id] span[id]")
      .forEach(function (el) { el.removeAttribute("id"); });
    drawn = {};
    showEdgeBar();
  }

  function drawPanel(html, jobId) {
    // Each section once, when final; the progress line in its place; the whole panel only
    // when the sections themselves differ (the first answer, a draft becoming the base).
    const fresh = document.createElement("template");
    fresh.innerHTML = html;
    const job = fresh.content.querySelector(".wb-job");
    const shown = analysis.querySelector(".wb-job");
    if (!job || !shown || sections(job) !== sections(shown)) {
      const open = openKept(analysis);
      analysis.innerHTML = html;
      reopen(analysis, open);
      analysis.classList.remove("wb-stale");
      drawn = {};
      analysis.querySelectorAll(".wb-job > section[id]").forEach(function (s) {
        if (s.dataset.done === "yes") drawn[s.id] = jobId;
      });
      showEdgeBar();
      return;
    }
    ["job", "status", "final"].forEach(function (k) { shown.dataset[k] = job.dataset[k]; });
    ["#wb-progress", "#wb-failures"].forEach(function (id) {  // a line each, kept in place
      const line = job.querySelector(id);
      const oldLine = shown.querySelector(id);
      if (line && oldLine && line.innerHTML !== oldLine.innerHTML) oldLine.replaceWith(line);
    });
    Array.from(job.querySelectorAll(":scope > section[id]")).forEach(function (section) {
      if (section.dataset.done !== "yes" || drawn[section.id] === jobId) return;
      const old = shown.querySelector(":scope > section#" + CSS.escape(section.id));
      const open = openKept(old);
      old.replaceWith(section);
      reopen(section, open);
      drawn[section.id] = jobId;
    });
    analysis.classList.remove("wb-stale");
    showEdgeBar();
  }

  function listItem(field, add) {
    // A new item of a list, drawn as the server draws one: a menu, "move up" and "remove".
    const li = document.createElement("li");
    const select = document.createElement("select");
    select.name = field.dataset.path + "[]";
    select.dataset.role = "value";
    select.setAttribute("aria-label", add.getAttribute("aria-label") || "");
    Array.from(add.options).forEach(function (o) {
      if (o.value) select.appendChild(new Option(o.textContent, o.value));
    });
    select.value = add.value;
    li.appendChild(select);
    [["wb-up", "up", t("up"), "\u2191"], ["wb-remove", "remove", t("remove"), "\u00d7"]].forEach(function (b) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = b[0];
      button.dataset.action = b[1];
      button.title = b[2];
      button.setAttribute("aria-label", b[2]);
      button.textContent = b[3];
      li.appendChild(document.createTextNode(" "));
      li.appendChild(button);
    });
    return li;
  }

  rules.addEventListener("click", function (event) {
    const button = event.target.closest("button[data-action]");
    if (!button) return;
    const field = button.closest(".wb-field");
    const item = button.closest("li");
    if (button.dataset.action === "remove") item.remove();
    if (button.dataset.action === "up" && item.previousElementSibling) {
      item.parentNode.insertBefore(item, item.previousElementSibling);
    }
    delete unconfirmed[field.dataset.path];  // the list as the page now shows it
    update();
  });

  rules.addEventListener("toggle", function (event) {
    const d = event.target;
    if (!d.dataset || !d.dataset.rule) return;
    if (d.open) openRules.add(d.dataset.rule); else openRules.delete(d.dataset.rule);
  }, true);

  function pageIn(lang) {
    // The whole page is drawn in one language: a new language is the page again, in it
    // (the draft is kept, so it comes back as it is).
    const url = new URL(window.location.href);
    url.searchParams.set("start", root.dataset.start);
    url.searchParams.set("lang", lang);
    url.hash = "";
    return url.toString();
  }

  form.addEventListener("change", function (event) {
    const target = event.target;
    if (target === langSelect) {
      const body = draft();
      keep(body, false);
      const carry = encodeURIComponent(JSON.stringify(record(body, false)));
      handedOn = true;  // the same draft's page in another language: its work goes on there
      window.location.assign(pageIn(langSelect.value)
        + (carry.length <= maxCarried ? "#draft=" + carry : ""));  // longer: not a draft sent
      return;
    }
    const field = target.closest && target.closest(".wb-field");
    if (target.dataset && target.dataset.action === "add") {
      if (!target.value) return;
      field.querySelector(".wb-list").appendChild(listItem(field, target));
      target.value = "";
    }
    if (field) delete unconfirmed[field.dataset.path];  // the user's own value wins
    // a named hand's payout: sent as its own path, folded into the named hands by the server
    if (target.dataset && target.dataset.setPath) unconfirmed[target.dataset.setPath] = target.value;
    update();
  });
  form.addEventListener("submit", function (event) { event.preventDefault(); update(); });

  analysis.addEventListener("click", function (event) {
    if (event.target.closest("#wb-every-rule")) {
      everyRule = true;  // the exhaustive table, from now on: the next answer includes it
      update();
      return;
    }
    const button = event.target.closest("button.wb-try");
    if (!button) return;
    // a row sets one value (data-path, data-value) or several (data-set: path -> value)
    const values = button.dataset.set ? JSON.parse(button.dataset.set) : {};
    if (button.dataset.path) values[button.dataset.path] = JSON.parse(button.dataset.value);
    Object.assign(unconfirmed, values);
    const first = Object.keys(values)[0];
    if (!first) return;
    const field = rules.querySelector('.wb-field[data-path="' + CSS.escape(first) + '"]');
    const rule = field && field.closest("details.wb-rule");
    if (rule) { rule.open = true; rule.scrollIntoView({ block: "center" }); }
    update();
  });

  function fileName(header, fallback) {
    const match = /filename\*=UTF-8''([^;]+)/i.exec(header || "");
    return match ? decodeURIComponent(match[1]) : fallback;
  }

  const refusal = document.getElementById("wb-refused");

  async function download(url, making, fallback) {
    say(t(making));
    refusal.textContent = "";
    root.dataset.download = "busy";
    let response;
    try {
      response = await fetch(withLang(url), { method: "POST", body: JSON.stringify(draft()),
        headers: { "content-type": "application/json" } });
      if (!response.ok) await answer(response);
    } catch (error) {
      say(error.message, true);
      refusal.textContent = error.message;  // kept beside the buttons while the rules change
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
    say(t("downloaded", { name: name }));
    root.dataset.download = "done";
  }

  document.getElementById("wb-download-yaml").addEventListener("click", function () {
    download("/api/download/yaml", "making_yaml", "house-rules.yaml");
  });
  document.getElementById("wb-download-pdf").addEventListener("click", function () {
    download("/api/download/pdf", "making_pdf", "house-rules.pdf");
  });

  const startSelect = document.getElementById("wb-start");
  startSelect.addEventListener("change", function () { startSelect.form.submit(); });
  const upload = document.getElementById("wb-upload");
  upload.addEventListener("change", function () {
    if (upload.files.length) { say(t("uploading")); upload.form.submit(); }
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
    say(t("comparing"));
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

  const reset = document.getElementById("wb-reset");
  if (reset) reset.addEventListener("click", function () {
    if (!window.confirm(t("start_again", { name: root.dataset.label }))) return;
    try { localStorage.removeItem(storageKey); } catch (e) { /* nothing kept */ }
    window.location.reload();
  });

  // A page that goes (closed, reloaded, left) tells the server at once, so that its
  // analyses stop instead of running on until the server misses its polls; its number
  // makes a change of it still on the way stale. Not when it hands its draft on to itself
  // in another language: the new page shares the analyses still running. One the browser
  // brings back from its back/forward cache asks again: its tab followed anew.
  window.addEventListener("pagehide", function () {
    const gone = ++seq;  // an answer to an earlier change is not drawn
    if (!handedOn && navigator.sendBeacon) {
      navigator.sendBeacon("/api/release", JSON.stringify({ tab: tab, seq: gone }));
    }
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) { handedOn = false; update(); }
  });

  const brought = carried();  // read first: the address is cleared of it either way
  const saved = kept() || brought;  // what this browser keeps wins over an address's
  const asked = new URL(window.location.href).searchParams.get("lang");
  if (saved && !asked && saved.lang && saved.lang !== pageLang
      && Array.from(langSelect.options).some(function (o) { return o.value === saved.lang; })) {
    window.location.replace(pageIn(saved.lang));  // the draft's language, as it was left
    return;
  }
  if (saved) {
    if (typeof saved.name === "string") nameInput.value = saved.name;
    unconfirmed = (saved.set && typeof saved.set === "object") ? saved.set : {};
    restored = t("restored");
    update(Object.assign(fieldValues(), saved.fields));
  } else {
    update();
  }
})();
