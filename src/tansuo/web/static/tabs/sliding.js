// Sliding puzzle tab: play by clicking tiles (or arrow keys), shuffle, solve and animate.
import { stream, el, select, labelled, messageLine, showStats, seconds, thousands, plural, cancelled } from "/static/core.js";

const ABOUT = {
  optimal: "tansuo.sliding: IDA* in compiled code. It searches depth first up to a bound on f = g + h and, when nothing within the bound reaches the goal, raises the bound to the least f that went over it. Watch the bounds as they are raised and the nodes each iteration costs (each one a few times the last). With 'best' the estimate is a table: exact on the 3×3, additive pattern databases on the 15-puzzle (precomputed costs of groups of tiles; the first solve loads them, and the time shows it apart).",
  astar: "A* keeps every position seen; it expands the one with the least f = g + h. With Manhattan distance (admissible and consistent) the first solution taken off the list is a shortest one.",
  ida: "IDA* searches depth first up to a bound on f = g + h, and raises the bound to the least f that went over it: memory for one path only, some positions searched again. The bounds it tried are listed.",
  zones: "The documents' zone strategy: bring the first row home tile by tile, then the first column; the board left is one smaller, and a 3×3 is solved whole by A*. Each zone is a small A* search. Not a shortest solution, but little memory. Finished zones are marked as the solution plays.",
  weighted: "Weighted A* (f = g + 2h) trusts the heuristic twice as much: far fewer expansions, a solution at most twice the shortest.",
  greedy: "Greedy best-first expands the position with the least h and ignores g: fast, and its solutions are often long.",
  bfs: "Breadth-first search expands positions in order of moves from the start: shortest solution, but it looks at every position nearer than the goal.",
};

export function mount(root) {
  const state = { n: 3, tiles: [1, 2, 3, 4, 5, 6, 7, 8, 0], moves: 0, timer: null };
  const message = messageLine();
  const board = el("div", { class: "board sliding", role: "group", "aria-label": "Puzzle: click a tile next to the gap, or use the arrow keys" });
  const stats = el("dl", { class: "stats" });
  const size = select("Size", [[3, "3×3 (8-puzzle)"], [4, "4×4 (15-puzzle)"]], 3, { name: "size" });
  const algorithm = select("Algorithm", [["optimal", "optimal (tansuo.sliding, IDA*)"], ["zones", "zone by zone (line by line)"], ["astar", "A*"], ["ida", "IDA*"], ["weighted", "weighted A* (w = 2)"], ["greedy", "greedy best-first"], ["bfs", "BFS"]], "optimal", { name: "algorithm" });
  const HEURISTICS = {
    optimal: [["best", "best (tables)"], ["linear", "Manhattan + linear conflicts"], ["manhattan", "Manhattan"]],
    engine: [["manhattan", "Manhattan"], ["hamming", "misplaced tiles"], ["zero", "none"]],
  };
  const heuristic = select("Heuristic", HEURISTICS.optimal, "best", { name: "heuristic" });
  const typed = el("input", { type: "text", name: "tiles", spellcheck: "false", autocomplete: "off", size: "24",
    "aria-label": "The board as numbers, row by row, 0 for the gap; Enter sets it" });
  const boardField = labelled("Board (0 = gap, Enter)", typed);
  const solveButton = el("button", { class: "action primary", type: "button", onclick: () => solve() }, "Solve");
  const moveText = el("span", { class: "steps", "aria-live": "polite" });
  const chart = el("div", { class: "hchart", id: "sliding-chart", hidden: true });
  const live = el("div", { class: "live", id: "sliding-live", hidden: true });
  const about = el("p", { class: "about" }, ABOUT.optimal);
  function heuristics() { // each algorithm's estimates: the library's IDA* has its own
    const kind = algorithm.control_.value;
    heuristic.hidden = kind === "zones";
    const choices = kind === "optimal" ? HEURISTICS.optimal : HEURISTICS.engine;
    if (heuristic.dataset.kind === (kind === "optimal" ? "optimal" : "engine")) return;
    heuristic.dataset.kind = kind === "optimal" ? "optimal" : "engine";
    heuristic.control_.replaceChildren(...choices.map(([v, t]) => el("option", { value: v }, t)));
  }
  heuristic.dataset.kind = "optimal";
  algorithm.control_.addEventListener("change", () => { about.textContent = ABOUT[algorithm.control_.value]; heuristics(); });
  typed.addEventListener("keydown", (event) => { if (event.key === "Enter") { event.preventDefault(); setBoard(typed.value); } });
  typed.addEventListener("change", () => setBoard(typed.value));

  root.append(el("div", { class: "layout" },
    el("div", { class: "card" },
      el("p", { class: "lead" }, "Slide the tiles into order, blank last. 'optimal' is tansuo.sliding; the others are tansuo's generic search engine, the textbook algorithms side by side (A*, IDA* and BFS find a shortest solution)."),
      el("div", { class: "toolbar" }, size, algorithm, heuristic, boardField,
        el("button", { class: "action", type: "button", onclick: () => shuffle() }, "Shuffle"), solveButton,
        el("button", { class: "action", type: "button", onclick: () => reset() }, "Reset")),
      message.node, board, el("div", { class: "solution-nav" }, moveText), live, chart),
    el("aside", { class: "card" }, el("h2", {}, "Search"), stats, about)));

  function goal(n) { return [...Array(n * n - 1).keys()].map((i) => i + 1).concat(0); }

  function zonesDone() { // the cells of the lines finished in order: row 1, column 1, row 2, ...
    const n = state.n, done = new Set();
    if (!state.zones) return done;
    for (let k = 0; n - k > 3; k++) {
      const row = [...Array(n - k).keys()].map((c) => k * n + k + c);
      if (!row.every((i) => state.tiles[i] === i + 1)) return done;
      row.forEach((i) => done.add(i));
      const col = [...Array(n - k - 1).keys()].map((r) => (k + 1 + r) * n + k);
      if (!col.every((i) => state.tiles[i] === i + 1)) return done;
      col.forEach((i) => done.add(i));
    }
    return done;
  }

  function render() {
    const n = state.n;
    const done = zonesDone();
    board.style.gridTemplateColumns = `repeat(${n}, 1fr)`;
    board.replaceChildren(...state.tiles.map((tile, i) => el("button", {
      type: "button", class: (tile ? (tile === i + 1 ? "home" : "") : "blank") + (done.has(i) ? " zone-done" : ""),
      "aria-label": tile ? `tile ${tile}` : "gap", tabindex: tile ? "0" : "-1",
      onclick: () => { stop(); slide(i); },
    }, tile ? String(tile) : "")));
    moveText.textContent = `${plural(state.moves, "move")}${solved() ? " · solved!" : ""}`;
    if (document.activeElement !== typed) typed.value = state.tiles.join(" ");
  }

  function setBoard(text) { // a typed board: n×n numbers, each of 0..n²-1 once
    const tiles = text.trim().split(/[\s,]+/).filter(Boolean).map((t) => (t === "_" || t === "." ? 0 : Number(t)));
    const n = Math.round(Math.sqrt(tiles.length));
    const sorted = [...tiles].sort((a, b) => a - b);
    if (!(n === 3 || n === 4) || n * n !== tiles.length) {
      message.error(`A board is 9 numbers (3×3) or 16 (4×4), row by row; got ${tiles.length}.`); return;
    }
    if (!sorted.every((t, i) => t === i)) {
      message.error(`Each of 0 to ${n * n - 1} must appear once (0 is the gap).`); return;
    }
    stop();
    state.n = n; size.control_.value = String(n);
    state.tiles = tiles; state.moves = 0; message.clear(); render();
  }

  function solved() { return state.tiles.every((t, i) => t === goal(state.n)[i]); }

  function slide(i) { // the tile at i moves into the gap when they are neighbours
    const n = state.n, blank = state.tiles.indexOf(0);
    const near = Math.abs(i - blank) === n || (Math.abs(i - blank) === 1 && Math.floor(i / n) === Math.floor(blank / n));
    if (!near) return false;
    state.tiles[blank] = state.tiles[i]; state.tiles[i] = 0; state.moves++;
    render();
    return true;
  }

  function moveBlank(letter) { // L U R D: where the gap goes
    const n = state.n, blank = state.tiles.indexOf(0);
    const r = Math.floor(blank / n), c = blank % n;
    const target = { L: c > 0 ? blank - 1 : -1, R: c < n - 1 ? blank + 1 : -1, U: r > 0 ? blank - n : -1, D: r < n - 1 ? blank + n : -1 }[letter];
    return target >= 0 && slide(target);
  }

  document.addEventListener("keydown", (event) => {
    // while this tab is shown, arrow keys slide a tile that way: the gap moves the other way
    if (root.hidden || /^(INPUT|SELECT|TEXTAREA)$/.test(event.target.tagName)) return;
    const letter = { ArrowLeft: "R", ArrowRight: "L", ArrowUp: "D", ArrowDown: "U" }[event.key];
    if (!letter || event.target.getAttribute("role") === "tab") return;
    event.preventDefault(); stop(); moveBlank(letter);
  });

  function shuffle() {
    stop();
    const steps = state.n === 3 ? 200 : 50; // a random walk: always solvable; shorter on 4×4
    let last = "";
    const opposite = { L: "R", R: "L", U: "D", D: "U" };
    for (let k = 0; k < steps; k++) {
      const options = ["L", "U", "R", "D"].filter((m) => m !== opposite[last]);
      const m = options[Math.floor(Math.random() * options.length)];
      if (moveBlank(m)) last = m;
    }
    state.moves = 0; message.clear(); render();
  }

  function reset() { stop(); state.tiles = goal(state.n); state.moves = 0; message.clear(); render(); }

  async function solve() {
    stop();
    const signal = message.busy("Solving…");
    solveButton.disabled = true;
    chart.hidden = true;
    const progress = watch(algorithm.control_.value);
    try {
      const r = await stream("/api/sliding/solve", { tiles: state.tiles, algorithm: algorithm.control_.value, heuristic: heuristic.control_.value }, progress.info, signal);
      live.dataset.answeredAt = String(performance.now());
      progress.done(r);
      const s = r.stats;
      const loading = r.wall_s - s.elapsed_s;
      showStats(stats, [["status", r.status], ["moves", r.cost ?? "—"], ["expanded", thousands(s.expanded)], ["generated", thousands(s.generated)],
        ["largest open list", s.max_frontier ? thousands(s.max_frontier) : ""],
        ["f bounds tried", bounds(r)],
        ["time", seconds(r.wall_s)], ["of which searching", loading > 0.05 ? seconds(s.elapsed_s) : ""],
        // the tables are the library's preprocessing; the rest is loading the compiled code
        ["loading tables", loading > 0.05 && s.preprocess_s > 0.005 ? seconds(s.preprocess_s) : ""],
        ["loading code", loading - (s.preprocess_s || 0) > 0.05 ? seconds(loading - (s.preprocess_s || 0)) : ""],
        ["stopped by", s.limit || ""]]);
      if (r.status === "no_solution") message.error("This position cannot reach the goal (the tiles' parity differs).");
      else if (r.status === "limit") message.error(`The search stopped (${s.limit}) before it found a solution.`);
      else {
        message.note(`Solution in ${plural(r.cost, "move")}: ${r.lurd || "(already solved)"} (the gap's moves)`);
        state.moves = 0;
        drawChart(r);
        state.zones = r.algorithm === "zones";
        animate([...r.lurd]);
      }
    } catch (error) {
      if (cancelled(error)) message.note("Cancelled."); else message.error(error.message);
    } finally {
      solveButton.disabled = false;
    }
  }

  function watch(kind) {
    // The search as it runs: the server streams IDA*'s bounds as the library raises them
    // (tansuo.sliding) or the generic engine's expansions so far; one row per iteration.
    const head = el("p", { class: "live-head" }, "Searching…");
    const rows = el("ol", { class: "live-bounds", id: "sliding-bounds" });
    const title = kind === "optimal" ? "IDA*'s iterations: the bound on f = g + h, the nodes searched under it" : "";
    live.replaceChildren(el("div", { class: "hchart-title" }, title), head, rows);
    live.hidden = kind !== "optimal" && kind !== "ida";
    delete live.dataset.answeredAt;
    let last = null; // the row of the iteration under way
    return {
      info(line) {
        if (line.phase === "tables") { // before the search: its tables load (the first solve only)
          head.textContent = `Loading the ${line.heuristic === "exact" ? "exact table" : `${line.heuristic} pattern databases`} (once; later solves find them loaded)…`;
          return;
        }
        const time = seconds(line.elapsed_s);
        if (line.bound !== undefined) {
          if (line.new_bound) {
            if (last) last.finish(line.nodes);
            last = row(line.iteration, line.bound, line.nodes);
          }
          last.update(line.nodes);
          head.textContent = `Iteration ${line.iteration}: bound ${line.bound}, ${plural(line.nodes, "node")} so far, ${time}`;
        } else {
          if (line.iteration !== undefined && (!last || last.iteration !== line.iteration)) {
            if (last) last.finish(null);
            last = row(line.iteration, null, null);
          }
          head.textContent = `${thousands(line.expanded)} expanded so far${line.iteration ? `, iteration ${line.iteration}` : ""}, ${time}`;
          live.hidden = false;
        }
      },
      done(r) {
        const s = r.stats;
        if (last && r.bounds) last.finish(s.nodes);
        head.textContent = r.bounds ? `${plural(r.bounds.length, "iteration")}, ${plural(s.nodes, "node")} in all` : (s.iterations ? `${plural(s.iterations, "iteration")}, the last with bound ${s.bound}` : "");
      },
    };
    function row(iteration, bound, start) {
      const node = el("li", { "data-iteration": String(iteration), "data-at": String(performance.now()) });
      if (bound !== null) node.dataset.bound = String(bound);
      const text = (nodes, more) => bound === null ? `iteration ${iteration}` : `f ≤ ${bound}: ${plural(nodes - start, "node")}${more ? "…" : ""}`;
      rows.append(node);
      return {
        iteration,
        update(nodes) { node.textContent = text(nodes, true); },
        finish(nodes) { if (nodes !== null) node.textContent = text(nodes, false); },
      };
    }
  }

  function bounds(r) { // IDA*'s bounds in order, as the library told them; the engine's IDA*: how many, the last
    const s = r.stats;
    if (r.bounds && r.bounds.length) return r.bounds.join(", ");
    if (r.algorithm === "ida" && s.iterations && s.bound != null) return `${s.iterations} (last ${s.bound})`;
    return "";
  }

  function estimateName(r) { // the chart draws Manhattan for the library's IDA*, whose estimate may be stronger
    if (r.algorithm !== "optimal") return r.heuristic || "Manhattan";
    if (r.heuristic === "manhattan") return "Manhattan, the search's own";
    const used = r.heuristic === "linear" ? "linear conflicts" : r.heuristic === "exact" ? "the exact table" : `the ${r.heuristic} databases`;
    return `Manhattan; the search used ${used}, larger`;
  }

  function drawChart(r) {
    // h at each position of the solution and g + h: an admissible h keeps g + h at or under the length
    const h = r.h_along || [];
    if (h.length < 2) { chart.hidden = true; return; }
    const length = h.length - 1, top = Math.max(length, ...h);
    chart.replaceChildren(el("div", { class: "hchart-title" },
      `The heuristic along the solution (${estimateName(r)}): bar h, dot g + h, line the solution's length ${length}.`));
    const bars = el("div", { class: "hchart-bars", style: `--top:${top}` });
    h.forEach((v, g) => bars.append(el("div", { class: "bar", "data-h": String(v), title: `after ${plural(g, "move")}: h = ${v}, g + h = ${g + v}`, style: `--h:${v}; --f:${g + v}` })));
    bars.append(el("div", { class: "limit", style: `--f:${length}` }));
    chart.append(bars);
    chart.hidden = false;
  }

  function animate(letters) {
    if (!letters.length) return;
    moveBlank(letters.shift());
    const bars = chart.querySelectorAll(".bar");
    bars.forEach((b, i) => b.classList.toggle("now", i === state.moves));
    state.timer = setTimeout(() => animate(letters), 280);
  }
  function stop() { if (state.timer) clearTimeout(state.timer); state.timer = null; state.zones = false; }

  size.control_.addEventListener("change", () => { state.n = Number(size.control_.value); reset(); shuffle(); });
  heuristics();
  shuffle();
}
