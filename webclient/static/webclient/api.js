/**
 * A small client of the Spades v1 API for browsers, on fetch (requests and the live events feed).
 *
 * Everything the web client knows about a game comes through this module, and it uses only what any
 * third-party client may use (the OpenAPI schema at /api/schema/ is the contract):
 *
 *   POST /api/v1/players/                      register; the token in the answer is shown once, keep it
 *   GET  /api/v1/players/me/                   check a kept token
 *   GET  /api/v1/rulesets/                     presets, their switches, what each switch means
 *   POST /api/v1/tables/                       open a table: preset + overrides, seats, take_seat
 *   GET  /api/v1/tables/?player=me&status=playing   your unfinished games ("continue")
 *   GET  /api/v1/tables/{id}/                  your seat view and the table's seq
 *   GET  /api/v1/tables/{id}/legal/            why each card is (not) playable (asked when a dimmed card is pressed)
 *   GET  /api/v1/tables/{id}/hint/             the suggested bid and the cards counted for it
 *   POST /api/v1/tables/{id}/actions/          bid / look / exchange / play, with the seq you last saw; the answer
 *                                              carries the table after it and your legal actions
 *   POST /api/v1/tables/{id}/takeback/         take your seat back from the bot after timeouts
 *   GET  /api/v1/tables/{id}/hands/{n}/        a finished hand with its score breakdown
 *   GET  /api/v1/tables/{id}/hands/{n}/analysis/   its double dummy review (202 + Retry-After until ready)
 *   GET  /api/v1/tables/{id}/events/stream/?until=move   the events feed as Server-Sent Events: each new entry,
 *                                              then the table and your legal actions, pushed after each move
 *   GET  /api/v1/tables/{id}/events/           the events feed, long-polled (where the stream cannot be read)
 *   GET  /api/v1/tournaments/[{id}/]           tournaments; one with its entries
 *   GET  /api/v1/tournaments/{id}/rounds/      pairings, tables and results round by round
 *   GET  /api/v1/tournaments/{id}/standings/   the standings with tie-breaks
 *   GET  /api/v1/tournaments/{id}/bracket.svg  the bracket (elimination) or cross-table as a picture
 *   GET  /api/v1/ladders/[{id}/]               ladders; one ladder
 *   GET  /api/v1/ladders/{id}/entries/[{e}/]   the leaderboard; one entry's rating history
 *
 * Errors come back as RFC 9457 problem details (application/problem+json) with a stable `code` and a
 * `detail` in the language of the Accept-Language header; they are thrown as ApiError.
 */

/** An error answer of the API: `code` is stable (switch on it), `detail` is for people. */
const POLL_WAIT_S = 25; // how long one long-poll of the events feed waits (the API allows up to 30)
const RETRY_MS = 2000; // after a failed poll or a dropped stream
const STREAM_TRIES = 2; // streams in a row that fail before their first event: then long-poll instead
// The server sends a stream's first event (the table) at once; one that has not come by then was held back on
// the way (a buffering proxy), and the stream counts as failed.
const FIRST_EVENT_MS = 10000;

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem.code || "http_" + status;
    this.problem = problem;
  }
}

/** A random UUID for Idempotency-Key. crypto.randomUUID exists only on secure origins (https, localhost),
 * so a page served over plain http elsewhere builds one from getRandomValues. */
export function newKey() {
  if (globalThis.crypto?.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export class SpadesApi {
  /**
   * @param {object} opts
   * @param {string} [opts.base]   the API root, "/api/v1" on the same origin
   * @param {string|null} [opts.token]  the player's API token
   * @param {string} [opts.language]   "en" or "ja": sent as Accept-Language so messages match the UI
   */
  constructor({ base = "/api/v1", token = null, language = "en" } = {}) {
    this.base = base;
    this.token = token;
    this.language = language;
  }

  /** One request; resolves to the parsed JSON body, rejects with ApiError (or a network TypeError). */
  async request(method, path, { body, query, idempotent = false, signal, cache } = {}) {
    const url = new URL(this.base + path, location.origin);
    for (const [k, v] of Object.entries(query || {})) if (v !== undefined && v !== null) url.searchParams.set(k, v);
    const headers = { Accept: "application/json", "Accept-Language": this.language };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers["Content-Type"] = "application/json";
    const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, cache };
    let response;
    if (idempotent) {
      // When the connection drops, the page cannot know whether the POST arrived. Sent again with the same
      // Idempotency-Key, it is done at most once: a repeat gets the first answer.
      headers["Idempotency-Key"] = newKey();
      for (let attempt = 1; ; attempt++) {
        try {
          response = await fetch(url, init);
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
          await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
        }
      }
    } else {
      response = await fetch(url, init);
    }
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = { detail: text.slice(0, 200) };
    }
    if (!response.ok) throw new ApiError(response.status, data || {});
    return data;
  }

  register(name) {
    return this.request("POST", "/players/", { body: { name, kind: "human" } });
  }

  me() {
    return this.request("GET", "/players/me/");
  }

  rulesets() {
    return this.request("GET", "/rulesets/");
  }

  /** Open a table. `seats` is one entry per seat: {type: "open"} or {type: "bot", level}. */
  createTable({ preset, overrides = {}, seats, takeSeat = 0 }) {
    return this.request("POST", "/tables/", {
      body: { preset, overrides, seats, take_seat: takeSeat }, idempotent: true,
    });
  }

  /** Your tables in one state, newest first (the first page is enough for "continue"). */
  myTables(status) {
    return this.request("GET", "/tables/", { query: { player: "me", status, limit: 10 } });
  }

  table(id) {
    return this.request("GET", `/tables/${id}/`);
  }

  legal(id) {
    return this.request("GET", `/tables/${id}/legal/`);
  }

  hint(id) {
    return this.request("GET", `/tables/${id}/hint/`);
  }

  /** Act with the seq you last saw: if the table moved on, the answer is 409 stale_seq and nothing changes. */
  act(id, action, seq) {
    return this.request("POST", `/tables/${id}/actions/`, { body: { ...action, seq }, idempotent: true });
  }

  takeBack(id) {
    return this.request("POST", `/tables/${id}/takeback/`);
  }

  hand(id, number) {
    return this.request("GET", `/tables/${id}/hands/${number}/`);
  }

  /** The hand's review, or {status, retry_after} (a 202) while the server computes it. */
  handAnalysis(id, number) {
    return this.request("GET", `/tables/${id}/hands/${number}/analysis/`);
  }

  tournaments() {
    return this.request("GET", "/tournaments/", { query: { limit: 50 } });
  }

  tournament(id) {
    return this.request("GET", `/tournaments/${id}/`);
  }

  rounds(id) {
    return this.request("GET", `/tournaments/${id}/rounds/`);
  }

  standings(id) {
    return this.request("GET", `/tournaments/${id}/standings/`);
  }

  /** The bracket picture's address: an <img> needs no token (the picture shows only public results). */
  bracketUrl(id) {
    return `${this.base}/tournaments/${id}/bracket.svg`;
  }

  ladders() {
    return this.request("GET", "/ladders/");
  }

  ladder(id) {
    return this.request("GET", `/ladders/${id}/`);
  }

  leaderboard(id) {
    return this.request("GET", `/ladders/${id}/entries/`);
  }

  ratingHistory(id, entry) {
    return this.request("GET", `/ladders/${id}/entries/${entry}/`);
  }

  /** GET events/: the log entries after `after`, waiting up to `wait` seconds for one. The answer also
   * carries the table at its `seq` (your seat view) and your legal actions then (`legal`, [] when the game
   * waits for nothing from you). */
  events(id, after, wait, signal) {
    return this.request("GET", `/tables/${id}/events/`, { query: { after, wait }, signal, cache: "no-store" });
  }

  /**
   * Follow a table: the read half of the one-round-trip loop (the other half is act(), whose answer also
   * carries the table and your legal actions).
   *
   * On one open stream, events/stream/?after=<the last seq seen>&until=move: after each move the server
   * pushes the new entries and then the table at that seq with your legal actions, so the page never reads
   * the table or legal/ again between moves. The stream is read with fetch, not EventSource, so that the
   * token goes in the Authorization header and not in the URL. Where it cannot be read (no streaming body,
   * or a proxy on the way that never lets an event through), the same loop runs on the long-poll,
   * events/?after=<seq>&wait=POLL_WAIT_S, which answers as soon as anything happens with the same three
   * things. Either way the first answer comes at once, with your legal actions; after a dropped connection
   * the feed resumes after the last seq seen, so no entry is missed and none is delivered twice.
   *
   * @param {string} id      the table
   * @param {number} after   the seq already known: entries after it are delivered
   * @param {(answer: {seq: number, events: object[], table?: object, legal?: object[]}) => any} onAnswer
   *   called once per answer, in seq order (awaited before the next); `events` holds only new entries.
   *   `table` is left out only where the stream gives a spectator entries without the table (a duplicate
   *   round's table).
   * @param {(connected: boolean) => void} [onStatus]  connection state, for a "reconnecting" badge
   * @returns {{close: () => void, lastSeq: () => number, mode: () => string}}
   */
  follow(id, after, onAnswer, onStatus = () => {}) {
    let last = after;
    let stopped = false;
    let controller = null;
    let mode = globalThis.ReadableStream && globalThis.TextDecoderStream ? "stream" : "poll";
    const deliver = async (answer) => {
      answer.events = answer.events.filter((entry) => entry.seq > last);
      last = Math.max(last, answer.seq);
      await onAnswer(answer);
    };
    const poll = async () => {
      let wait = 0;
      while (!stopped) {
        controller = new AbortController();
        try {
          const answer = await this.events(id, last, wait, controller.signal);
          if (stopped) return;
          onStatus(true);
          await deliver(answer);
          wait = POLL_WAIT_S;
        } catch (error) {
          if (stopped) return;
          onStatus(false);
          // A bad token or an unknown table will not get better by asking again.
          if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    };
    const stream = async () => {
      let failures = 0;
      while (!stopped && failures < STREAM_TRIES) {
        const mine = (controller = new AbortController());
        let answers = 0;
        const held = setTimeout(() => mine.abort(), FIRST_EVENT_MS);
        try {
          for await (const answer of this.stream(id, last, mine.signal)) {
            if (stopped) return;
            if (!answers++) {
              clearTimeout(held);
              onStatus(true);
            }
            await deliver(answer);
          }
          if (!answers) throw new TypeError("the stream ended before its first event");
          failures = 0; // the server ended it (it does after a while): open the next one at once
        } catch (error) {
          if (stopped) return;
          onStatus(false);
          if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
          failures = answers ? 0 : failures + 1;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        } finally {
          clearTimeout(held);
        }
      }
      if (!stopped) {
        mode = "poll";
        await poll();
      }
    };
    const run = () => (mode === "stream" ? stream() : poll());
    run();
    return {
      close() {
        stopped = true;
        controller?.abort();
      },
      lastSeq: () => last,
      mode: () => mode,
    };
  }

  /**
   * Read events/stream/?until=move after `after` as answers of the events feed: yields {seq, events, table,
   * legal} at each 'table' event (the entries before it gathered into `events`), and {seq, events} for
   * entries the stream ends on without a table. Rejects with ApiError when the server refuses the stream.
   */
  async *stream(id, after, signal) {
    const url = new URL(`${this.base}/tables/${id}/events/stream/`, location.origin);
    url.searchParams.set("after", after);
    url.searchParams.set("until", "move");
    const headers = { Accept: "text/event-stream", "Accept-Language": this.language };
    if (this.token) headers.Authorization = `Bearer ${this.token}`;
    const response = await fetch(url, { headers, signal, cache: "no-store" });
    if (!response.ok) {
      let problem = {};
      try {
        problem = await response.json();
      } catch {
        // not problem+json: the status says enough
      }
      throw new ApiError(response.status, problem);
    }
    if (!response.body) throw new TypeError("the stream's body cannot be read here");
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    let entries = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = {};
        for (const line of block.split("\n")) {
          const colon = line.indexOf(":");
          if (colon <= 0) continue; // a comment (the keep-alive) or a blank line
          fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, "");
        }
        if (fields.data === undefined) continue; // "retry:" and keep-alives
        const data = JSON.parse(fields.data);
        if (fields.event === "entry") {
          entries.push(data);
        } else if (fields.event === "table") {
          data.events = entries;
          entries = [];
          yield data;
        }
      }
    }
    if (entries.length) yield { seq: entries.at(-1).seq, events: entries };
  }
}
