/**
 * The visitor's account, kept across the pages of the web client (/play/, tournaments, ladders).
 *
 * The token POST /players/ answers with is shown once: it is kept in localStorage under one key that every
 * page reads, so a visitor who watched a tournament plays /play/ with the same account, and the other way
 * round. A page that only watches (tournaments, ladders, a spectated table) registers a "watcher-…" account
 * the first time, because every read of the API needs a token.
 */

import { ApiError } from "./api.js";

export const TOKEN_KEY = "spades.token";
export const NAME_KEY = "spades.name";

/** The player of the kept token, or null; a token that no longer works (revoked, a new database) is
 * forgotten. */
export async function keptPlayer(api) {
  if (!api.token) return null;
  try {
    return await api.me();
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    localStorage.removeItem(TOKEN_KEY);
    api.token = null;
    return null;
  }
}

/** Register `name` and keep its token: the only key to that player's games. */
export async function register(api, name) {
  const created = await api.register(name);
  localStorage.setItem(TOKEN_KEY, created.token);
  localStorage.setItem(NAME_KEY, name);
  api.token = created.token;
  return created;
}

/** The kept player, or a new watcher account for a visitor who has none yet. */
export async function watcher(api) {
  return (await keptPlayer(api)) || register(api, "watcher-" + Math.random().toString(36).slice(2, 10));
}
