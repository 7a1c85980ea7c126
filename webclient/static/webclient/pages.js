/**
 * What the tournament and ladder pages share: starting up (language, the kept or a new watcher account),
 * the language switch, reading the API again every few seconds while something is going on, a problem shown
 * in words, and a small helper to build elements. Names and numbers from the API are set as text, never
 * as HTML.
 */

import { ApiError, SpadesApi } from "./api.js";
import { detectLanguage, language, setLanguage, t, translatePage } from "./i18n.js";
import { TOKEN_KEY, watcher } from "./session.js";

const POLL_MS = 4000;
const $ = (selector) => document.querySelector(selector);

/** `tag` with `props` (dataset via `data`, the rest as properties) and children (strings become text). */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "data") Object.assign(node.dataset, value);
    else node[key] = value;
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

export function showProblem(error) {
  const box = $("#message");
  box.textContent = error instanceof ApiError ? error.message : t("network");
  box.dataset.code = error instanceof ApiError ? error.code : "network";
  box.hidden = false;
}

/**
 * Start a page: `load(api)` reads what the page shows and returns whether it may still change; the page is
 * drawn by `draw()`. A language switch draws it again at once and reads it again, since some of what the API
 * sends (match names, the bracket's words) is in the language asked for. While `load` says it may change, it
 * is read again every few seconds; a failed read is shown and tried again.
 */
export async function startPage({ load, draw }) {
  setLanguage(detectLanguage());
  translatePage();
  const api = new SpadesApi({ token: localStorage.getItem(TOKEN_KEY), language: language() });
  $("[data-testid=lang-switch]").addEventListener("click", () => {
    setLanguage(language() === "en" ? "ja" : "en");
    api.language = language();
    translatePage();
    draw();
    load(api).then(draw, showProblem);
  });
  try {
    const player = await watcher(api);
    $("[data-testid=whoami]").textContent = player.name;
  } catch (error) {
    showProblem(error);
    return;
  }
  for (;;) {
    let live = false;
    try {
      live = await load(api);
      $("#message").hidden = true;
      draw();
    } catch (error) {
      showProblem(error);
      live = !(error instanceof ApiError && error.status === 404);
    }
    document.body.dataset.loaded = "1";
    if (!live) return;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The page of one thing of a list (tournaments, ladders): `href(id)` and its line of text. */
export function drawList(items, { href, text, empty }) {
  const list = $("#list-items");
  list.replaceChildren(...items.map((item) => el("li", {}, el("a", { href: href(item.id), data: { testid: "list-link" } },
    item.name), " ", el("span", { className: "small" }, text(item)))));
  if (!items.length) list.append(el("li", { className: "small" }, t(empty)));
}

/** The address of the game page watching table `id`, or replaying its hand `hand`. */
export function playUrl(table, hand = null) {
  return hand ? `/play/?replay=${table}&hand=${hand}` : `/play/?watch=${table}`;
}
