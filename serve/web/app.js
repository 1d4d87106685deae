// The sudokugen page: a grid editor, the verdicts of /v1/verify and
// /v1/rate, a form for /v1/generate and one for /v1/book; variant puzzles
// are drawn by /v1/draw. Plain browser JavaScript, no
// libraries, nothing loaded from elsewhere.
"use strict";

(function () {
  const N = 9;
  const $ = (id) => document.getElementById(id);
  const editor = $("editor");
  const cells = [];

  // Grid editor: 81 inputs in a role=grid, arrow keys move between them.
  function buildEditor() {
    for (let r = 0; r < N; r++) {
      const row = document.createElement("div");
      row.className = "erow";
      row.setAttribute("role", "row");
      for (let c = 0; c < N; c++) {
        const wrap = document.createElement("div");
        wrap.setAttribute("role", "gridcell");
        wrap.className = boxClasses(r, c, 3, 3, N);
        const inp = document.createElement("input");
        inp.type = "text";
        inp.inputMode = "numeric";
        inp.autocomplete = "off";
        inp.className = "ecell";
        inp.id = "cell-" + (r + 1) + "-" + (c + 1);
        inp.setAttribute("aria-label", "row " + (r + 1) + " column " + (c + 1));
        inp.tabIndex = r === 0 && c === 0 ? 0 : -1;
        inp.addEventListener("keydown", (e) => onKey(e, r, c));
        inp.addEventListener("input", (e) => onInput(e, inp, r, c));
        inp.addEventListener("paste", (e) => onPaste(e, r, c));
        inp.addEventListener("focus", () => inp.select());
        wrap.appendChild(inp);
        row.appendChild(wrap);
        cells.push(inp);
      }
      editor.appendChild(row);
    }
  }

  function focusCell(r, c) {
    r = (r + N) % N;
    c = (c + N) % N;
    cells.forEach((x) => (x.tabIndex = -1));
    const inp = cells[r * N + c];
    inp.tabIndex = 0;
    inp.focus();
  }

  // Keys that insert nothing (arrows, Backspace, Delete) are handled on
  // keydown; what a key or a phone keyboard inserts is handled on input, so
  // every way of typing takes the same path.
  function onKey(e, r, c) {
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      e.preventDefault();
      focusCell(r + moves[e.key][0], c + moves[e.key][1]);
      return;
    }
    const inp = cells[r * N + c];
    if (e.key === "Backspace" || e.key === "Delete") {
      e.preventDefault();
      const wasEmpty = inp.value === "";
      inp.value = "";
      if (e.key === "Backspace" && wasEmpty) focusCell(r, c - 1);
    }
  }

  function advance(r, c) {
    if (r === N - 1 && c === N - 1) return;
    focusCell(c === N - 1 ? r + 1 : r, c + 1);
  }

  // onInput keeps one digit in the cell: the one just typed. A space, 0 or
  // "." empties the cell; either way the cursor moves on.
  function onInput(e, inp, r, c) {
    const typed = e.data || "";
    const last = typed.slice(-1);
    if (/^[1-9]$/.test(last)) {
      inp.value = last;
      advance(r, c);
    } else if (last === " " || last === "0" || last === ".") {
      inp.value = "";
      advance(r, c);
    } else {
      inp.value = inp.value.replace(/[^1-9]/g, "").slice(-1);
    }
  }

  function onPaste(e, r, c) {
    const text = (e.clipboardData || window.clipboardData).getData("text");
    const sym = text.replace(/[^0-9.]/g, "");
    if (sym.length < 2) return;
    e.preventDefault();
    let i = sym.length >= N * N ? 0 : r * N + c;
    for (const ch of sym) {
      if (i >= N * N) break;
      cells[i++].value = ch >= "1" && ch <= "9" ? ch : "";
    }
  }

  function gridText() {
    return cells.map((x) => x.value || ".").join("");
  }

  $("clear-grid").addEventListener("click", () => {
    cells.forEach((x) => (x.value = ""));
    focusCell(0, 0);
  });

  $("file").addEventListener("change", async (e) => {
    const f = e.target.files[0];
    if (!f) return;
    if (f.size > 4 << 20) {
      say("status", "That file is larger than 4 MB; split it.", true);
      return;
    }
    $("puzzles").value = await f.text();
    say("status", "Loaded " + f.name + ". Press Check.");
  });

  // Shapes: the box of an N-digit grid, as the service infers it.
  function shapeOf(n) {
    let r = Math.floor(Math.sqrt(n));
    while (n % r !== 0) r--;
    return [r, n / r];
  }

  function boxClasses(r, c, br, bc, n) {
    let k = "cell";
    if (r % br === 0) k += " bt";
    if (c % bc === 0) k += " bl";
    if (r === n - 1) k += " bb";
    if (c === n - 1) k += " br";
    return k;
  }

  // drawGrid draws a grid string as a table. marks maps a cell index to a
  // class (diff, clash); givens are the puzzle's clues, drawn bold.
  function drawGrid(text, opts) {
    opts = opts || {};
    const n = Math.round(Math.sqrt(text.length));
    const [br, bc] = shapeOf(n);
    const t = document.createElement("table");
    t.className = "sgrid n" + n;
    if (opts.caption) {
      const cap = document.createElement("caption");
      cap.textContent = opts.caption;
      t.appendChild(cap);
    }
    const body = document.createElement("tbody");
    for (let r = 0; r < n; r++) {
      const tr = document.createElement("tr");
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const td = document.createElement("td");
        td.className = boxClasses(r, c, br, bc, n);
        const ch = text[i];
        td.textContent = ch === "." || ch === "0" ? "" : ch;
        if (opts.givens && opts.givens[i] !== "." && opts.givens[i] !== "0") td.classList.add("given");
        const mark = opts.marks && opts.marks[i];
        if (mark) {
          td.classList.add(mark);
          td.setAttribute("aria-label", "row " + (r + 1) + " column " + (c + 1) + ", " + (td.textContent || "empty") + ", " + (mark === "diff" ? "differs" : "clashes"));
        }
        tr.appendChild(td);
      }
      body.appendChild(tr);
    }
    t.appendChild(body);
    return t;
  }

  // Variant puzzles (killer, jigsaw, X...) are drawn by the service
  // (/v1/draw) with the figure its books print: the cages, regions, lines
  // and marks that a table of digits cannot show. The drawings are asked
  // for one at a time, in order, so that a long list does not crowd the
  // service.
  let drawQueue = Promise.resolve();

  // drawVariant returns a figure that will hold the drawing of the
  // f-puzzles object fp: with solution, that solution in the empty cells;
  // with marked ([row, column] pairs, 1-based), those cells shaded.
  function drawVariant(fp, opts) {
    const fig = el("figure", "vgrid");
    if (opts.caption) fig.appendChild(el("figcaption", null, opts.caption));
    const img = document.createElement("img");
    img.alt = opts.alt;
    fig.appendChild(img);
    const req = { puzzle: fp };
    if (opts.solution) req.solution = opts.solution;
    if (opts.marked && opts.marked.length) req.marked = opts.marked;
    drawQueue = drawQueue.then(async () => {
      try {
        const r = await post("v1/draw", JSON.stringify(req), "application/json");
        if (!r.resp.ok) {
          fig.appendChild(el("p", "error", "Not drawn: " + requestError(r)));
          return;
        }
        img.addEventListener("load", () => { URL.revokeObjectURL(img.src); fig.classList.add("drawn"); }, { once: true });
        img.src = URL.createObjectURL(r.blob);
      } catch (e) {
        fig.appendChild(el("p", "error", "Not drawn: " + e.message));
      }
    });
    return fig;
  }

  // gridOf shows a grid of verdict v, text being its puzzle or one of its
  // solutions: a table for a classic puzzle, the service's drawing for a
  // variant. marks maps a cell index to a class (diff, clash).
  function gridOf(v, text, caption, marks) {
    if (!v.variant) return drawGrid(text, { caption: caption, givens: v.puzzle, marks: marks });
    const n = Math.round(Math.sqrt(text.length));
    const marked = Object.keys(marks || {}).map((k) => [Math.floor(Number(k) / n) + 1, (Number(k) % n) + 1]);
    const solved = text !== v.puzzle;
    let alt = caption + ": the " + variantName(v.variant) + " puzzle" + (solved ? " solved" : "");
    if (marked.length) alt += ", " + marked.length + " cells shaded (" + marked.map(([r, c]) => "r" + r + "c" + c).join(" ") + ")";
    return drawVariant(v.fpuzzles, { caption: caption, solution: solved ? text : "", marked: marked, alt: alt });
  }

  // variantName names a variant for a reader: "jigsaw,x" is "jigsaw + x".
  function variantName(v) {
    return v.split(",").join(" + ");
  }

  // openLinks returns links that open a variant puzzle in SudokuPad and in
  // f-puzzles, where people solve and share such puzzles.
  function openLinks(p) {
    const par = el("p", "open");
    par.appendChild(document.createTextNode(variantName(p.variant) + " puzzle: "));
    [["Open in SudokuPad", p.sudokupad_url, "sudokupad"], ["Open in f-puzzles", p.fpuzzles_url, "fpuzzles"]].forEach(([text, href, cls], i) => {
      if (!href) return;
      if (i > 0) par.appendChild(document.createTextNode(" · "));
      const a = el("a", cls, text);
      a.href = href;
      a.target = "_blank";
      a.rel = "noopener";
      par.appendChild(a);
    });
    return par;
  }

  function say(id, msg, bad) {
    const el = $(id);
    el.textContent = msg;
    el.classList.toggle("bad", !!bad);
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  async function post(path, body, type) {
    const resp = await fetch(path, { method: "POST", headers: { "Content-Type": type }, body: body });
    const ct = resp.headers.get("Content-Type") || "";
    if (ct.startsWith("application/json")) {
      return { resp: resp, json: await resp.json() };
    }
    return { resp: resp, blob: await resp.blob() };
  }

  // download saves blob as name, and says so in the status line statusId
  // with a link (linkId) to save it again.
  function download(statusId, linkId, blob, name, note) {
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = name;
    a.id = linkId;
    a.textContent = "Save " + name + " again";
    const st = $(statusId);
    st.replaceChildren(document.createTextNode("Downloaded " + name + " (" + note + "). "), a);
    st.classList.remove("bad");
    a.click();
  }

  function requestError(r) {
    const e = r.json && r.json.error;
    if (!e) return "The service answered " + r.resp.status + ".";
    let msg = e.message;
    if (e.where) msg = e.where + ": " + msg;
    if (r.resp.status === 429 || r.resp.status === 503) {
      const ra = r.resp.headers.get("Retry-After");
      if (ra) msg += " (try again in " + ra + " s)";
    }
    return msg;
  }

  function source() {
    const text = $("puzzles").value;
    if (text.trim() !== "") return text;
    return gridText();
  }

  function place(v) {
    let p = "line " + v.line;
    if (v.column) p += ", column " + v.column;
    return p;
  }

  // Verdicts.
  function showVerdict(v, list) {
    const card = el("article", "card " + v.status);
    card.setAttribute("aria-label", "puzzle " + (v.index + 1) + ": " + v.status);
    const h = el("h3");
    h.appendChild(document.createTextNode("Puzzle " + (v.index + 1) + " (" + place(v) + "): "));
    h.appendChild(el("span", "verdict " + v.status, v.status));
    card.appendChild(h);
    if (v.variant) card.appendChild(openLinks(v));
    const row = el("div", "grids");
    if (v.status === "unique") {
      card.appendChild(el("p", null, "Exactly one solution."));
      row.appendChild(gridOf(v, v.puzzle, "Puzzle"));
      row.appendChild(gridOf(v, v.solution, "Its solution"));
    } else if (v.status === "multiple") {
      const [a, b] = v.solutions;
      const marks = {};
      let diff = 0;
      for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) { marks[i] = "diff"; diff++; }
      const count = v.count_exact ? "exactly " + v.count : "at least " + v.count;
      card.appendChild(el("p", null, "More than one solution (" + count + "). Two of them, side by side; the " + diff + " cells where they differ are highlighted."));
      row.appendChild(gridOf(v, a, "Solution 1", marks));
      row.appendChild(gridOf(v, b, "Solution 2", marks));
    } else if (v.status === "invalid") {
      card.appendChild(el("p", "error", place(v) + ": " + (v.error || "invalid")));
      if (v.clash_cells && v.puzzle.indexOf(" ") < 0 && Number.isInteger(Math.sqrt(v.puzzle.length))) {
        const n = Math.round(Math.sqrt(v.puzzle.length));
        const marks = {};
        v.clash_cells.forEach(([r, c]) => (marks[(r - 1) * n + (c - 1)] = "clash"));
        row.appendChild(gridOf(v, v.puzzle, "Clashing givens marked", marks));
      }
    } else if (v.status === "unsupported") {
      card.appendChild(el("p", null, "Not checked: the puzzle has a rule that sudokugen does not know, and checking it without that rule would give a wrong verdict."));
      card.appendChild(el("p", "error", place(v) + ": " + v.error));
    } else if (v.status === "none") {
      card.appendChild(el("p", null, "No solution: the givens cannot all stand."));
      row.appendChild(gridOf(v, v.puzzle, "Puzzle"));
    } else {
      card.appendChild(el("p", "error", v.error || v.status));
    }
    if (v.own_solution === "breaks") {
      const why = v.own_solution_error;
      card.appendChild(el("p", "error", why.charAt(0).toUpperCase() + why.slice(1) + "."));
    } else if (v.own_solution === "holds") {
      card.appendChild(el("p", null, "The puzzle's own solution keeps its givens and rules."));
    }
    card.appendChild(row);
    list.appendChild(card);
  }

  // ratedWords is the verdict of a rated puzzle: its level and score, or
  // for a variant, which has no score, its level and whether logic solves it.
  function ratedWords(v) {
    if (v.logic) return v.level + (v.logic.solved ? ", solved by logic" : ", stuck");
    return v.level + " " + (v.score || 0).toFixed(1);
  }

  function showRating(v, list) {
    const card = el("article", "card " + (v.status === "rated" ? "unique" : v.status));
    card.setAttribute("aria-label", "puzzle " + (v.index + 1) + ": " + (v.level || v.status));
    const h = el("h3");
    h.appendChild(document.createTextNode("Puzzle " + (v.index + 1) + " (" + place(v) + "): "));
    h.appendChild(el("span", "verdict " + (v.status === "rated" ? "unique" : v.status), v.status === "rated" ? ratedWords(v) : v.status));
    card.appendChild(h);
    if (v.status !== "rated") {
      card.appendChild(el("p", "error", place(v) + ": " + (v.error || v.status)));
      list.appendChild(card);
      return;
    }
    if (v.variant) card.appendChild(openLinks(v));
    const row = el("div", "grids");
    // a variant's grid with its rules drawn, as the check's cards draw it
    row.appendChild(gridOf(v, v.puzzle, "Puzzle"));
    const tbl = el("table", "techniques");
    tbl.appendChild(el("caption", null, "Techniques used"));
    const head = el("tr");
    ["Technique", "Steps", "Score"].forEach((x) => { const th = el("th", null, x); th.scope = "col"; head.appendChild(th); });
    tbl.appendChild(head);
    (v.techniques || []).forEach((t) => {
      const tr = el("tr");
      tr.appendChild(el("td", null, t.name));
      tr.appendChild(el("td", "num", String(t.count)));
      tr.appendChild(el("td", "num", t.score.toFixed(1)));
      tbl.appendChild(tr);
    });
    row.appendChild(tbl);
    card.appendChild(row);
    if (v.logic) {
      // a variant: the outcome of its logical solve
      card.appendChild(el("p", null, v.logic.solved ? "Solved by logic; hardest step: " + v.logic.hardest : "Stuck after " + v.logic.steps + " steps: a person would have to guess."));
      if (v.logic.break_in) card.appendChild(el("p", null, "Break-in: " + v.logic.break_in));
    }
    if (v.steps && v.steps.length) {
      const det = el("details", "steps");
      det.appendChild(el("summary", null, "The " + v.steps.length + " steps, explained"));
      const ol = el("ol");
      v.steps.forEach((s) => ol.appendChild(el("li", null, s.text)));
      det.appendChild(ol);
      card.appendChild(det);
    }
    list.appendChild(card);
  }

  function summary(counts) {
    return Object.keys(counts).sort().map((k) => counts[k] + " " + k).join(", ");
  }

  async function check(kind) {
    const list = $("results");
    const text = source();
    if (/^\.*$/.test(text.trim()) && $("puzzles").value.trim() === "") {
      say("status", "Type a puzzle into the grid, or paste some into the box.", true);
      return;
    }
    say("status", kind === "rate" ? "Rating..." : "Checking...");
    list.replaceChildren();
    let path = kind === "rate" ? "v1/rate" : "v1/verify";
    if (kind === "rate" && $("steps").checked) path += "?steps=true";
    let r;
    try {
      r = await post(path, text, "text/plain");
    } catch (e) {
      say("status", "The service cannot be reached: " + e.message, true);
      return;
    }
    if (!r.json || !r.json.results) {
      say("status", requestError(r), true);
      return;
    }
    const show = kind === "rate" ? showRating : showVerdict;
    r.json.results.forEach((v) => show(v, list));
    let msg = r.json.results.length + (r.json.results.length === 1 ? " puzzle: " : " puzzles: ") + summary(r.json.counts);
    if (r.json.error) msg += ". First problem: " + r.json.error.where + ": " + r.json.error.message;
    say("status", msg, !!r.json.error);
  }

  $("check-form").addEventListener("submit", (e) => { e.preventDefault(); check("verify"); });
  $("rate").addEventListener("click", () => check("rate"));

  // Generation.
  function genRequest(format) {
    const req = {
      count: parseInt($("g-count").value, 10),
      box: $("g-size").value,
      clues: parseInt($("g-clues").value || "0", 10),
    };
    const variant = $("g-variant").value;
    if (variant) req.variant = variant;
    else if ($("g-diff").value) req.difficulty = $("g-diff").value;
    if ($("g-sym").value) req.symmetry = $("g-sym").value;
    const seed = $("g-seed").value.trim();
    if (seed !== "") req.seed = Number(seed);
    // the text of variants is f-puzzles JSON, a line each: plain lines
    // would lose their rules
    if (format) req.format = format === "line" && variant ? "fpuzzles" : format;
    if (format && format !== "json") req.solutions = $("g-solutions").checked;
    if (format === "pdf") Object.assign(req, bookLayout());
    return req;
  }

  function checkGenForm() {
    const n = parseInt($("g-count").value, 10);
    if (!(n >= 1 && n <= 100)) return "How many: a whole number from 1 to 100.";
    const seed = $("g-seed").value.trim();
    if (seed !== "" && !/^[0-9]{1,15}$/.test(seed)) return "Seed: a whole number of up to 15 digits.";
    return "";
  }

  async function generate(format) {
    const bad = checkGenForm();
    if (bad) {
      say("gen-status", bad, true);
      return;
    }
    say("gen-status", "Making puzzles...");
    let r;
    try {
      r = await post("v1/generate", JSON.stringify(genRequest(format)), "application/json");
    } catch (e) {
      say("gen-status", "The service cannot be reached: " + e.message, true);
      return;
    }
    if (!r.resp.ok) {
      say("gen-status", requestError(r), true);
      return;
    }
    const seed = r.resp.headers.get("X-Sudokugen-Seed");
    if (format) {
      const name = format === "pdf" ? "sudoku-" + seed + ".pdf" : "sudoku-" + seed + ".txt";
      download("gen-status", "download-link", r.blob, name, "seed " + seed);
      return;
    }
    const list = $("generated");
    list.replaceChildren();
    r.json.puzzles.forEach((p) => {
      const card = el("article", "card unique");
      const title = "Puzzle " + (p.index + 1) + ": " + p.clues + " clues" + (p.level ? ", " + p.level + (p.score ? " " + p.score.toFixed(1) : "") : "");
      card.setAttribute("aria-label", title);
      card.appendChild(el("h3", null, title));
      if (p.variant) card.appendChild(openLinks(p));
      const row = el("div", "grids");
      row.appendChild(gridOf(p, p.puzzle, "Puzzle"));
      const det = el("details", "solution");
      det.appendChild(el("summary", null, "Solution"));
      det.appendChild(p.variant ? gridOf(p, p.solution, "") : drawGrid(p.solution, { givens: p.puzzle }));
      row.appendChild(det);
      card.appendChild(row);
      if (!p.variant) card.appendChild(el("pre", "line", p.puzzle));
      list.appendChild(card);
    });
    // variants go on as f-puzzles JSON, which holds their rules
    made = r.json.puzzles.map((p) => (p.fpuzzles ? JSON.stringify(p.fpuzzles) : p.puzzle)).join("\n") + "\n";
    say("gen-status", r.json.puzzles.length + " puzzles made with seed " + r.json.seed + "; the same seed and settings make the same puzzles.");
  }

  // Books: the layout the book form asks for, as /v1/book and
  // /v1/generate take it.
  function bookLayout() {
    const l = {
      page: $("b-page").value === "other" ? $("b-other").value.trim() : $("b-page").value,
      per_page: parseInt($("b-per-page").value, 10),
      sections: $("b-sections").checked,
      large_print: $("b-large").checked,
    };
    const title = $("b-title").value.trim();
    if (title) l.title = title;
    const front = $("b-front").value;
    if (front.trim()) l.front = front;
    return l;
  }

  $("b-page").addEventListener("change", () => { $("b-other-field").hidden = $("b-page").value !== "other"; });

  // Variants have the level of their logical solve and take no difficulty.
  $("g-variant").addEventListener("change", () => {
    const v = $("g-variant").value !== "";
    $("g-diff").disabled = v;
    if (v) $("g-diff").value = "";
  });

  // The puzzles last made, one a line.
  let made = "";

  async function makeBook(text, what) {
    if (text.trim() === "" || /^\.*$/.test(text.trim())) {
      say("book-status", what === "made" ? "Make some puzzles first." : "Type a puzzle into the grid, or paste some into the box above.", true);
      return;
    }
    if ($("b-page").value === "other" && $("b-other").value.trim() === "") {
      say("book-status", "Other size: give WxH in inches or mm, such as 6.14x9.21 or 148x210mm.", true);
      return;
    }
    const req = Object.assign({ text: text }, bookLayout(), {
      solutions: $("b-solutions").checked,
      levels: $("b-levels").checked,
      allow_nonunique: $("b-nonunique").checked,
    });
    say("book-status", "Checking the puzzles and laying out the book...");
    let r;
    try {
      r = await post("v1/book", JSON.stringify(req), "application/json");
    } catch (e) {
      say("book-status", "The service cannot be reached: " + e.message, true);
      return;
    }
    if (!r.resp.ok) {
      let msg = requestError(r);
      if (r.json && r.json.results) {
        const bad = r.json.results.filter((v) => v.status !== "unique").length;
        msg = bad + " of " + r.json.results.length + " puzzles cannot go in the book. " + msg;
      }
      say("book-status", msg, true);
      return;
    }
    download("book-status", "book-link", r.blob, "sudoku-book.pdf", Math.round(r.blob.size / 1024) + " KiB");
  }

  $("book-form").addEventListener("submit", (e) => { e.preventDefault(); makeBook(source(), "checked"); });
  $("book-made").addEventListener("click", () => makeBook(made, "made"));

  $("gen-form").addEventListener("submit", (e) => { e.preventDefault(); generate(""); });
  $("download-text").addEventListener("click", () => generate("line"));
  $("download-pdf").addEventListener("click", () => generate("pdf"));

  buildEditor();
})();
