// What every tab shares: the API calls, small DOM helpers, one message line.

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function failure(response) {
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) message = body.error;
  } catch (_) { /* not JSON: keep the status line */ }
  return new ApiError(message, response.status);
}

/** POST a JSON body (or GET without one) and return the JSON answer; ApiError on 4xx/5xx.
 *  An aborted signal ends the request: the server then stops its search. */
export async function api(path, body, signal) {
  const options = body === undefined
    ? { method: "GET", signal }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), signal };
  const response = await fetch(path, options);
  if (!response.ok) throw await failure(response);
  return response.json();
}

/** POST with "stream": true: onInfo(line) for each progress line, then the result. */
export async function stream(path, body, onInfo, signal) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ ...body, stream: true }),
    signal,
  });
  if (!response.ok) throw await failure(response);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let result = null;
  for (;;) {
    const { done, value } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      const line = JSON.parse(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
      if (line.type === "info") onInfo(line);
      else if (line.type === "error") throw new ApiError(line.error, line.status);
      else result = line;
    }
    if (done) break;
  }
  if (!result) throw new ApiError("the answer ended early", 0);
  return result;
}

/** el("button", {class: "x", onclick: f}, "text", child...) */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (value === true) node.setAttribute(key, "");
    else node.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** A <select> of choices ([value, label] pairs or plain values). */
export function select(label, choices, value, attrs = {}) {
  const node = el("select", attrs);
  for (const choice of choices) {
    const [v, text] = Array.isArray(choice) ? choice : [choice, choice];
    node.append(el("option", { value: v, selected: String(v) === String(value) }, text));
  }
  return labelled(label, node);
}

/** A control with its visible label; returns the label element, control inside as .control. */
export function labelled(text, control) {
  const node = el("label", { class: "field" }, el("span", {}, text), control);
  node.control_ = control;
  return node;
}

/** The tab's message line: error (red) or note; role=alert so it is read out.
 *  busy(text) shows the time spent and a Cancel button while a search runs and
 *  returns an AbortSignal: Cancel aborts the request and the server stops the search. */
export function messageLine() {
  const node = el("p", { class: "message", role: "alert", "aria-live": "assertive" });
  let timer = null, controller = null;
  const idle = () => {
    if (timer) clearInterval(timer);
    timer = null;
    controller = null;
  };
  return {
    node,
    error(text) { idle(); node.textContent = text; node.className = "message error"; },
    note(text) { idle(); node.textContent = text; node.className = "message note"; },
    clear() { idle(); node.textContent = ""; node.className = "message"; },
    busy(text, delay = 250) {
      // shown only when the search lasts past `delay` ms: a quick answer does not flash
      if (controller) controller.abort();
      idle();
      const mine = new AbortController();
      controller = mine;
      const started = performance.now();
      const clock = el("span", { class: "elapsed" });
      const cancel = el("button", { class: "action cancel", type: "button", onclick: () => mine.abort() }, "Cancel");
      const tick = () => {
        const spent = performance.now() - started;
        if (spent < delay) return;
        if (!clock.isConnected) {
          node.replaceChildren(text, clock, " ", cancel);
          node.className = "message note busy";
        }
        clock.textContent = ` ${(spent / 1000).toFixed(1)} s`;
      };
      timer = setInterval(tick, 100);
      tick();
      return mine.signal;
    },
  };
}

/** True for an error that the Cancel button (or a newer request) caused. */
export function cancelled(error) {
  return error && error.name === "AbortError";
}

const glyphCache = new Map();
/** Whether this page's fonts draw every character of ``text`` (not a box).
 *  A test may decide it: ``globalThis.tansuoDrawsGlyphs = (text) => false`` set before the
 *  page's scripts run stands in for the measure (the Latin path on a machine with CJK fonts). */
export function drawsGlyphs(text) {
  const decided = globalThis.tansuoDrawsGlyphs;
  return typeof decided === "function" ? Boolean(decided(text)) : fontDraws(text);
}

/** The measure behind drawsGlyphs: each character drawn on a canvas in the page's own
 *  font list (so a web font the page was given counts) against what a missing one draws. */
export function fontDraws(text) {
  if (glyphCache.has(text)) return glyphCache.get(text);
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const g = canvas.getContext("2d", { willReadFrequently: true });
  const family = getComputedStyle(document.documentElement).fontFamily || "sans-serif";
  const shot = (t) => {
    g.clearRect(0, 0, 48, 48);
    g.font = `40px ${family}`;
    g.fillStyle = "#000";
    g.textBaseline = "top";
    g.fillText(t, 2, 2);
    return g.getImageData(0, 0, 48, 48).data.join(",");
  };
  const missing = [shot("\u{10FFFD}"), shot("\u{E83A}"), shot(" ")];
  const ok = [...text].every((ch) => !missing.includes(shot(ch)));
  glyphCache.set(text, ok);
  return ok;
}

/** "1 move", "2 moves". */
export function plural(n, word, many = `${word}s`) {
  return `${thousands(n)} ${n === 1 ? word : many}`;
}

/** A definition list of statistics: stats(dl, [[label, value], ...]). */
export function showStats(dl, rows) {
  dl.replaceChildren();
  for (const [label, value] of rows) {
    if (value === undefined || value === null || value === "") continue;
    dl.append(el("dt", {}, label), el("dd", {}, String(value)));
  }
}

export function seconds(s) {
  if (s === null || s === undefined) return "";
  return s < 1 ? `${(s * 1000).toFixed(1)} ms` : `${s.toFixed(2)} s`;
}

export function thousands(n) {
  return n === null || n === undefined ? "" : Number(n).toLocaleString("en-US");
}
