// sudokugen page, the setter's workbench: the true candidates of a puzzle
// as pencil marks, what its givens do, and the givens to add, each a
// click away. Plain JavaScript, no libraries; the service does the work
// (/v1/candidates, /v1/givens, /v1/draw).
(function () {
  "use strict";
  const $ = (id) => document.getElementById(id);
  // The drawing's geometry (package output): a margin, then 40 units a
  // cell.
  const MARGIN = 4, CELL = 40;
  // The counts asked for in turn while the count is not exact: the page
  // shows each as the count so far.
  const LIMITS = [50, 200, 1000];
  let run = 0; // the current analysis; an older one stops updating

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function say(msg, bad) {
    const s = $("s-status");
    s.textContent = msg;
    s.classList.toggle("bad", !!bad);
  }

  async function post(path, body, type) {
    const resp = await fetch(path, { method: "POST", headers: { "Content-Type": type }, body: body });
    const ct = resp.headers.get("Content-Type") || "";
    if (ct.startsWith("application/json")) return { resp: resp, json: await resp.json() };
    return { resp: resp, blob: await resp.blob() };
  }

  function shapeOf(n) {
    let r = Math.floor(Math.sqrt(n));
    while (n % r !== 0) r--;
    return [r, n / r];
  }

  function countText(c) {
    if (c.status === "unique") return "exactly 1 solution";
    if (c.status === "none") return "no solution";
    return (c.count_exact ? "exactly " : "at least ") + c.count + " solutions" + (c.count_exact ? "" : " so far");
  }

  // board draws the puzzle (the service's drawing, which shows cages,
  // regions and lines) with the true candidates over its empty cells and
  // the givens marked needed or redundant.
  function board(c, roles) {
    const n = Math.round(Math.sqrt(c.candidates.length));
    const bc = shapeOf(n)[1];
    const side = n * CELL + 2 * MARGIN;
    const fig = el("figure", "sboard");
    const img = document.createElement("img");
    img.alt = "the puzzle" + (c.variant ? " (" + c.variant + ")" : "") + ", with its true candidates as pencil marks";
    fig.appendChild(img);
    const over = el("div", "marks");
    // a variant's drawing may hold a cage sum or a line's letter in the
    // top-left corner of any cell: its pencil marks sit under that band
    if (c.fpuzzles) over.classList.add("labelled");
    // the grid's place in the drawing, which has a margin of one cell
    // round the grid when clues stand outside it (little killers,
    // sandwiches): known once the drawing is loaded
    const place = (w) => {
      const off = MARGIN + Math.max(0, Math.round((w - 2 * MARGIN - n * CELL) / (2 * CELL))) * CELL;
      over.style.left = over.style.marginTop = (100 * off / w) + "%";
      over.style.width = (100 * n * CELL / w) + "%";
    };
    place(side);
    img.addEventListener("load", () => { if (img.naturalWidth > 0) place(img.naturalWidth); });
    over.style.gridTemplateColumns = "repeat(" + n + ", 1fr)";
    for (let i = 0; i < n * n; i++) {
      const given = c.puzzle[i] !== "." && c.puzzle[i] !== "0";
      const cell = el("div", "mcell");
      const r = Math.floor(i / n), col = i % n;
      if (given) {
        const role = roles[i];
        if (role) cell.classList.add(role);
        cell.title = "r" + (r + 1) + "c" + (col + 1) + ": given " + c.puzzle[i] + (role ? ", " + role : "");
      } else {
        const cand = c.candidates[i] || "";
        if (cand.length === 0) cell.classList.add("empty");
        cell.style.gridTemplateColumns = "repeat(" + bc + ", 1fr)";
        cell.title = "r" + (r + 1) + "c" + (col + 1) + ": " + (cand || "no candidate");
        for (let d = 0; d < n; d++) {
          const sym = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[d];
          cell.appendChild(el("span", null, cand.indexOf(sym) >= 0 ? sym : ""));
        }
        if (cand.length === 1) cell.classList.add("single");
      }
      over.appendChild(cell);
    }
    fig.appendChild(over);
    const req = { puzzle: c.fpuzzles || c.puzzle };
    post("v1/draw", JSON.stringify(req), "application/json").then((r) => {
      if (r.blob) img.src = URL.createObjectURL(r.blob);
    });
    return fig;
  }

  // withGiven returns the request text of the puzzle c with digit d given
  // in cell (row, col), 1-based: the line for a classic puzzle, the
  // f-puzzles object for a variant.
  function withGiven(c, row, col, d) {
    const n = Math.round(Math.sqrt(c.candidates.length));
    if (c.fpuzzles) {
      const fp = JSON.parse(JSON.stringify(c.fpuzzles));
      const cell = fp.grid[row - 1][col - 1] || {};
      cell.value = d;
      cell.given = true;
      fp.grid[row - 1][col - 1] = cell;
      return JSON.stringify(fp);
    }
    const i = (row - 1) * n + (col - 1);
    return c.puzzle.slice(0, i) + String(d) + c.puzzle.slice(i + 1);
  }

  function cellList(cs) {
    return cs.map((x) => x.cell + "=" + x.digit).join(", ");
  }

  async function analyse(text) {
    const me = ++run;
    const out = $("s-results");
    out.replaceChildren();
    say("Finding the true candidates...");
    let r;
    try {
      r = await post("v1/candidates?count_limit=" + LIMITS[0], text, "text/plain");
    } catch (e) {
      say("The service cannot be reached: " + e.message, true);
      return;
    }
    if (me !== run) return;
    if (!r.json || !r.json.results) {
      say((r.json && r.json.error && r.json.error.message) || "The service answered " + r.resp.status + ".", true);
      return;
    }
    const c = r.json.results[0];
    if (c.status === "invalid" || c.status === "unsupported" || c.status === "error" || c.status === "timeout") {
      say("Puzzle " + c.status + ": " + (c.error || ""), true);
      return;
    }
    const card = el("article", "card " + c.status);
    const h = el("h3");
    h.appendChild(document.createTextNode("Verdict: "));
    h.appendChild(el("span", "verdict " + c.status, c.status));
    const count = el("span", "scount", " (" + countText(c) + ")");
    h.appendChild(count);
    card.appendChild(h);
    const row = el("div", "grids");
    const side = el("div", "sside");
    const roles = {};
    row.appendChild(el("div", "sholder"));
    row.appendChild(side);
    card.appendChild(row);
    out.appendChild(card);
    const n = Math.round(Math.sqrt(c.candidates.length));
    say("Looking at the givens...");
    const g = await post("v1/givens?count_limit=" + LIMITS[LIMITS.length - 1], text, "text/plain");
    if (me !== run) return;
    const gv = g.json && g.json.results && g.json.results[0];
    if (gv) {
      gv.needed.forEach((x) => (roles[(x.row - 1) * n + (x.col - 1)] = "needed"));
      gv.redundant.forEach((x) => (roles[(x.row - 1) * n + (x.col - 1)] = "redundant"));
      if (gv.status === "unique") {
        side.appendChild(el("p", null, gv.needed.length + " givens needed (ringed red: without one, the puzzle has a second solution), " +
          gv.redundant.length + " redundant (faded: the puzzle stays unique without it)."));
        if (gv.redundant.length) side.appendChild(el("p", "hint", "Redundant: " + cellList(gv.redundant)));
      } else if (gv.status === "multiple") {
        side.appendChild(el("p", null, "Add these givens, in turn, to make it unique (click one to add it and check again):"));
        const ol = el("ol", "suggest");
        gv.suggestions.forEach((x) => {
          const li = el("li");
          const b = el("button", "secondary sugg", x.cell + " = " + x.digit);
          b.type = "button";
          b.addEventListener("click", () => {
            const next = withGiven(c, x.row, x.col, x.digit);
            $("s-input").value = next;
            analyse(next);
          });
          li.appendChild(b);
          li.appendChild(document.createTextNode(" then " + (x.count === 1 ? "unique" : (x.count_exact ? "" : "at least ") + x.count + " solutions")));
          ol.appendChild(li);
        });
        side.appendChild(ol);
      } else if (gv.status === "none") {
        gv.remove.forEach((x) => (roles[(x.row - 1) * n + (x.col - 1)] = "remove"));
        if (gv.rules_alone) {
          side.appendChild(el("p", null, "The rules have no solution even without givens."));
        } else {
          side.appendChild(el("p", null, "Remove " + cellList(gv.remove) + " (marked) to let a solution exist" +
            (gv.smallest ? ": no fewer givens would do." : ".")));
          side.appendChild(el("p", "hint", "These givens have no solution together: " + cellList(gv.core)));
        }
      }
    }
    row.firstChild.replaceWith(board(c, roles));
    say("True candidates: the digits each cell holds in at least one solution, each absent one proved.");
    // the count, further while it is not exact
    for (let k = 1; k < LIMITS.length && !c.count_exact && c.status === "multiple"; k++) {
      count.textContent = " (" + countText(c) + ", counting on...)";
      const more = await post("v1/candidates?count_limit=" + LIMITS[k], text, "text/plain");
      if (me !== run) return;
      const m = more.json && more.json.results && more.json.results[0];
      if (!m || m.status !== "multiple") break;
      c.count = m.count;
      c.count_exact = m.count_exact;
      count.textContent = " (" + countText(c) + ")";
    }
    if (!c.count_exact && c.status === "multiple") count.textContent = " (at least " + c.count + " solutions: the page counts no further)";
  }

  $("s-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const text = $("s-input").value.trim();
    if (text === "") {
      say("Paste a link or type a grid first.", true);
      return;
    }
    analyse(text);
  });

  // A link to the page ending in #setter=<puzzle> opens the workbench on
  // that puzzle (the text URL-encoded): a setter can share it.
  const m = /^#setter=(.+)$/.exec(location.hash);
  if (m) {
    const text = decodeURIComponent(m[1]);
    $("s-input").value = text;
    $("setter-h").scrollIntoView();
    analyse(text);
  }
})();
