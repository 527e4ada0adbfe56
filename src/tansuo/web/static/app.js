// The page: one tab per domain, each a module in /static/tabs/<id>.js exporting mount(root).
import { api, el, drawsGlyphs } from "/static/core.js";

// Without a CJK font the 探索 of the title would be empty boxes: it is hidden then. The
// fonts the page loads (a web font given to it) are waited for before the measure.
await document.fonts.ready;
if (!drawsGlyphs("探索")) document.documentElement.classList.add("no-cjk");

const nav = document.getElementById("tabs");
const panels = document.getElementById("panels");
const mounted = new Map();

async function activate(id, focus = false) {
  for (const button of nav.querySelectorAll("[role=tab]")) {
    const on = button.dataset.tab === id;
    button.setAttribute("aria-selected", on ? "true" : "false");
    button.tabIndex = on ? 0 : -1;
    if (on && focus) button.focus();
    if (on) button.scrollIntoView({ block: "nearest", inline: "nearest" }); // tabs scroll on phones
  }
  for (const panel of panels.querySelectorAll("[role=tabpanel]")) panel.hidden = panel.dataset.tab !== id;
  if (!mounted.has(id)) {
    const panel = panels.querySelector(`[data-tab="${id}"]`);
    mounted.set(id, true);
    try {
      const module = await import(`/static/tabs/${id}.js`);
      module.mount(panel);
    } catch (error) {
      panel.append(el("p", { class: "message error" }, `This tab could not load: ${error.message}`));
    }
  }
  if (location.hash !== `#${id}`) history.replaceState(null, "", `#${id}`);
}

async function start() {
  const { tabs } = await api("/api/tabs");
  panels.replaceChildren();
  for (const tab of tabs) {
    const button = el("button", {
      role: "tab", id: `tab-${tab.id}`, "aria-controls": `panel-${tab.id}`, "data-tab": tab.id,
      onclick: () => activate(tab.id),
    }, tab.title);
    nav.append(button);
    panels.append(el("section", {
      role: "tabpanel", id: `panel-${tab.id}`, "aria-labelledby": `tab-${tab.id}`,
      "data-tab": tab.id, hidden: true,
    }));
  }
  nav.addEventListener("keydown", (event) => {
    const ids = tabs.map((t) => t.id);
    const current = ids.indexOf(document.activeElement?.dataset?.tab);
    if (current < 0) return;
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (step) {
      event.preventDefault();
      activate(ids[(current + step + ids.length) % ids.length], true);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      activate(event.key === "Home" ? ids[0] : ids[ids.length - 1], true);
    }
  });
  // On a narrow screen the tab bar scrolls sideways: it fades out, with an arrow, where more tabs hide.
  const more = document.querySelector(".tabbar .more");
  const hint = () => {
    const hidden = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 2;
    nav.classList.toggle("more-right", hidden);
    more.hidden = !hidden;
  };
  nav.addEventListener("scroll", hint, { passive: true });
  window.addEventListener("resize", hint);
  more.addEventListener("click", () => nav.scrollBy({ left: nav.clientWidth * 0.7, behavior: "smooth" }));
  hint();
  const wanted = location.hash.slice(1);
  activate(tabs.some((t) => t.id === wanted) ? wanted : tabs[0].id);
  window.addEventListener("hashchange", () => {
    const id = location.hash.slice(1);
    if (tabs.some((t) => t.id === id)) activate(id);
  });
}

start().catch((error) => {
  panels.replaceChildren(el("p", { class: "message error" }, `The server did not answer: ${error.message}`));
});
