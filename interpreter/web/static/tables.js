// Tables where people play people (`bezique serve`, docs/web.md "Tables with friends"): one
// page for three paths.
//
//   /tables                   the lobby: choose a variant and each seat, create, pass the links on
//   /tables/ID/seats/N#TOKEN  a person's seat: the token is read from the fragment, which the
//                             browser never sends; it goes out only in the Authorization header
//                             and as the first message of the live connection
//   /tables/ID/watch          an onlooker: the table as every seat sees it, never a hand
//
// A table's page keeps a WebSocket open (the view comes each time the table changes); when it
// closes, the page asks again every few seconds and reconnects by itself.

import { ApiError } from "./transport.js";
import { download, el, plural } from "./dom.js";
import { enterPlaysOnlyMove, renderGame, renderWatch, reviewAsked } from "./table.js";
import { fileNameField, fileNameOf, problemsList } from "./lobby.js";
import { markdown } from "./rulebook.js";

const POLL_MS = 3000;
const MOST_RETRY_MS = 10000;
const CLOCKS = [[null, "no clock"], [30, "30 s a move"], [60, "1 min a move"], [120, "2 min a move"], [300, "5 min a move"]];

const part = encodeURIComponent;

// One request to the server: the JSON answer, or an ApiError with the server's reason.
async function request(method, path, { body = null, token = null } = {}) {
  const headers = {};
  if (body !== null) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  let answer;
  try {
    answer = await fetch(path, { method, headers, cache: "no-store", body: body === null ? undefined : JSON.stringify(body) });
  } catch (error) {
    throw new ApiError(0, "the server does not answer (is it still running?)");
  }
  const data = await answer.json().catch(() => ({ error: `the server answered ${answer.status}` }));
  if (!answer.ok) throw new ApiError(answer.status, data.error || `the server answered ${answer.status}`, data.problems || []);
  return data;
}

function absolute(link) {
  return new URL(link, window.location.href).href;
}

// --- the lobby ------------------------------------------------------------------------------

function seatChoices(players, bots, defaultBot, holder) {
  const pickers = Array.from({ length: players }, (_, seat) => {
    const chosen = seat < 2 ? "person" : defaultBot;
    return el("select", { name: `seat-${seat}`, "aria-label": `Seat p${seat + 1}` },
      ["person", ...bots].map((who) => el("option", { value: who, selected: who === chosen }, who === "person" ? "a person" : `bot: ${who}`)));
  });
  holder.replaceChildren(
    el("p", { class: "bz-label" }, "Each seat: a person (who gets an invite link) or a bot."),
    ...pickers.map((pick, seat) => el("label", {}, `p${seat + 1} `, pick)),
  );
  return () => pickers.map((pick) => pick.value);
}

// A link to pass on, with a Copy button (the clipboard, or the text selected to copy by hand).
function linkRow(title, link, action, openText) {
  const href = absolute(link);
  const box = el("input", { type: "text", readonly: true, value: href, class: "bz-link-text", "aria-label": `${title}: link` });
  box.addEventListener("focus", () => box.select());
  const said = el("span", { class: "bz-copied", role: "status" });
  const copy = async () => {
    try {
      if (!navigator.clipboard || !window.isSecureContext) throw new Error("no clipboard");
      const late = new Promise((_, fail) => setTimeout(() => fail(new Error("no answer")), 1500));
      await Promise.race([navigator.clipboard.writeText(href), late]);
      said.textContent = "Copied.";
    } catch (error) {
      box.focus();
      box.select();
      let copied = false;
      try { copied = document.execCommand("copy"); } catch (ignored) { copied = false; }
      said.textContent = copied ? "Copied." : "Selected: copy it (Ctrl-C, or long-press).";
    }
  };
  return el("li", { class: "bz-link", data: { link: action } },
    el("span", { class: "bz-link-title" }, title),
    box,
    el("span", { class: "bz-link-buttons" },
      el("button", { type: "button", data: { action: `copy-${action}` }, on: { click: copy } }, "Copy"),
      openText ? el("a", { href, target: "_blank", rel: "noopener", data: { action: `open-${action}` } }, openText) : null,
      said),
  );
}

function createdPanel(created, seats) {
  const rows = created.seats.map((row) => {
    if (row.bot) return el("li", { class: "bz-link bz-bot-seat" }, el("span", { class: "bz-link-title" }, `p${row.seat + 1}: bot (${row.bot})`));
    return linkRow(`p${row.seat + 1}: a person`, row.link, `seat-${row.seat}`, "Open");
  });
  const mine = created.seats.find((row) => row.token);
  return el("section", { class: "bz-panel bz-created", data: { table: created.table } },
    el("h2", {}, "Your table is ready"),
    el("p", {}, "Send each person the link of their seat: the link is the seat's only key, so send it to that person alone. Whoever has the watch link sees the table but no hand."),
    mine ? el("p", {}, el("a", { class: "bz-open-mine", href: absolute(mine.link), target: "_blank", rel: "noopener", data: { action: "open-mine" } }, `Open my seat (p${mine.seat + 1})`)) : null,
    el("ul", { class: "bz-links" }, rows, linkRow("Watch", created.watch, "watch", "Watch")),
    el("p", { class: "bz-label" }, `Seats: ${seats.join(", ")}. Keep this page until the links are passed on: they are not shown again.`),
  );
}

async function lobby(root, notice) {
  let catalogue;
  try {
    catalogue = await request("GET", "/api/variants");
  } catch (error) {
    notice.say(error.message);
    root.dataset.state = "failed";
    return;
  }
  const { variants, bots, default_bot: defaultBot } = catalogue;
  const variant = el("select", { name: "variant", "aria-label": "Variant" },
    variants.map((item) => el("option", { value: item.name }, `${item.title} (${item.name})`)));
  const own = el("textarea", { name: "variant-text", rows: 6, spellcheck: "false", "aria-label": "Variant file",
    placeholder: 'extends = "bezique"\nname = "our-bezique"\ntitle = "Bézique, 2000 up"\ngame = { target = 2000 }' });
  const upload = el("input", { type: "file", accept: ".toml,text/plain", "aria-label": "Upload a variant file" });
  const ownName = fileNameField();
  upload.addEventListener("change", () => {
    const file = upload.files && upload.files[0];
    if (file) file.text().then((text) => { own.value = text; ownName.value = file.name; });
  });
  const shipped = el("input", { type: "radio", name: "source", value: "shipped", checked: true });
  const mine = el("input", { type: "radio", name: "source", value: "own" });
  const ownBox = el("div", { class: "bz-own", hidden: true }, own, el("label", {}, "File name ", ownName), el("div", { class: "bz-row" }, upload,
    el("button", { type: "button", data: { action: "check-variant" }, on: { click: () => check() } }, "Check")));
  const verdict = el("div", { class: "bz-verdict", role: "status" });
  const seatsHolder = el("div", { class: "bz-seat-pickers" });
  const clock = el("select", { name: "clock", "aria-label": "Move clock" },
    CLOCKS.map(([seconds, text]) => el("option", { value: seconds === null ? "" : seconds }, text)));
  const standIn = el("select", { name: "stand-in", "aria-label": "Stand-in" },
    el("option", { value: "" }, "wait for them"), bots.map((bot) => el("option", { value: bot }, `bot: ${bot} plays for them`)));
  const result = el("div", { class: "bz-result" });
  let seatsOf = () => [];
  let seatCount = 0;
  const players = (count, again = true) => {
    if (again || count !== seatCount || !seatsHolder.querySelector("select")) seatsOf = seatChoices(count, bots, defaultBot, seatsHolder);
    seatCount = count;
  };
  const shippedPlayers = () => players((variants.find((item) => item.name === variant.value) || { players: 2 }).players);
  const fileName = () => fileNameOf(ownName);
  const check = async () => {
    verdict.replaceChildren();
    let answer;
    try {
      answer = await request("POST", "/api/check", { body: { text: own.value, file: fileName() } });
    } catch (error) {
      notice.fail(error);
      return false;
    }
    if (answer.ok) {
      players(answer.players, false); // the seats chosen stay, for as many players
      verdict.append(el("p", { class: "bz-ok" }, `No problems: ${answer.title}, ${answer.players} players.`));
    } else {
      verdict.append(el("p", {}, `${plural(answer.problems.length, "problem")}:`), problemsList(answer.problems));
    }
    return answer.ok;
  };
  const sourceChanged = () => {
    ownBox.hidden = !mine.checked;
    variant.disabled = mine.checked;
    verdict.replaceChildren();
    if (mine.checked) seatsHolder.replaceChildren(el("p", { class: "bz-label" }, "Check the file to choose its seats."));
    else shippedPlayers();
  };
  shipped.addEventListener("change", sourceChanged);
  mine.addEventListener("change", sourceChanged);
  variant.addEventListener("change", shippedPlayers);
  shippedPlayers();
  const create = async (event) => {
    event.preventDefault();
    if (root.dataset.busy === "yes") return;
    const args = {};
    if (mine.checked) {
      if (!(await check())) return;
      Object.assign(args, { variant_text: own.value, file: fileName() });
    } else {
      args.variant = variant.value;
    }
    args.seats = seatsOf();
    if (clock.value) args.clock = Number(clock.value);
    if (standIn.value) args.stand_in = standIn.value;
    root.dataset.busy = "yes";
    try {
      const created = await request("POST", "/api/tables", { body: args });
      notice.say("");
      result.replaceChildren(createdPanel(created, args.seats));
      result.scrollIntoView({ block: "start" });
    } catch (error) {
      notice.fail(error);
    } finally {
      root.dataset.busy = "no";
    }
  };
  const form = el("form", { class: "bz-panel", on: { submit: create } },
    el("h2", {}, "Host a table"),
    el("p", {}, "Choose the game and who sits where; each person gets a link to their own seat."),
    el("fieldset", { class: "bz-source" }, el("legend", {}, "Variant"),
      el("label", {}, shipped, " a shipped variant"), el("label", {}, mine, " a variant file of your own"),
      el("label", { class: "bz-wide" }, variant), ownBox, verdict),
    el("fieldset", {}, el("legend", {}, "Seats"), seatsHolder),
    el("fieldset", {}, el("legend", {}, "Time"),
      el("label", {}, "Clock ", clock), el("label", {}, "When a person's time is out or they leave: ", standIn)),
    el("button", { type: "submit", class: "bz-primary", data: { action: "create-table" } }, "Create the table"),
  );
  root.dataset.state = "ready";
  return el("div", { class: "bz-tables-lobby" }, form, result);
}

// --- a table's page -------------------------------------------------------------------------

class Live {
  // The live connection of `path` (a WebSocket), the token sent as its first message; while it
  // is down, `poll()` every few seconds and a new connection after a growing pause.
  constructor(path, token, { onView, onState, poll }) {
    Object.assign(this, { path, token, onView, onState, poll });
    this.retries = 0;
    this.timer = null;
    this.poller = null;
    this.stopped = false;
  }

  start() {
    this.connect();
  }

  // Whether the live connection is open now (an answer to a poll sent before it opened may
  // come after).
  open() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN);
  }

  connect() {
    this.timer = null;
    const url = new URL(this.path, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    let socket;
    try {
      socket = new WebSocket(url.href);
    } catch (error) {
      this.down();
      return;
    }
    this.socket = socket;
    socket.addEventListener("open", () => {
      if (this.token) socket.send(this.token);
      this.retries = 0;
      this.stopPolling();
      this.onState("live");
    });
    socket.addEventListener("message", (event) => {
      let view;
      try { view = JSON.parse(event.data); } catch (error) { return; }
      this.onView(view);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const status = event.code >= 4000 && event.code < 5000 ? event.code - 4000 : 0;
      if (status === 403 || status === 404) {
        this.stopped = true;
        this.stopPolling();
        this.onState("refused", event.reason || `refused (${status})`);
        return;
      }
      this.down();
    });
  }

  down() {
    if (this.stopped) return;
    this.onState("polling");
    if (!this.poller) {
      this.poll();
      this.poller = setInterval(() => this.poll(), POLL_MS);
    }
    const wait = Math.min(1000 * 2 ** this.retries, MOST_RETRY_MS);
    this.retries++;
    if (!this.timer) this.timer = setTimeout(() => this.connect(), wait);
  }

  stopPolling() {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }
}

class TablePage {
  constructor(root, notice, { table, seat, token }) {
    Object.assign(this, { root, notice, table, seat, token });
    this.watching = seat === null;
    this.base = `/api/tables/${part(table)}`;
    this.view = null;
    this.lines = [];
    this.message = "";
    this.dealEnd = null;
    this.review = null;
    this.dealEndsSeen = null;
    this.state = "connecting";
    this.seats = el("section", { class: "bz-table-seats", "aria-label": "Seats" });
    this.liveNote = el("p", { class: "bz-live", role: "status" });
    this.rulebook = el("section", { class: "bz-rulebook", hidden: true, "aria-label": "Rulebook" });
    this.stage = el("div", { class: "bz-stage" });
    this.tools = el("div", { class: "bz-table-tools" },
      el("button", { type: "button", data: { action: "rulebook" }, on: { click: () => this.toggleRulebook() } }, "Rulebook"),
      this.watching ? null : this.nameForm());
    root.append(this.seats, this.liveNote, this.tools, this.rulebook, this.stage);
    if (!this.watching) enterPlaysOnlyMove(() => this.view, (text) => this.move(text));
  }

  nameForm() {
    this.nameInput = el("input", { type: "text", name: "name", maxlength: 40, autocomplete: "nickname", placeholder: "your name", "aria-label": "Your name" });
    return el("form", { class: "bz-name", on: { submit: (event) => { event.preventDefault(); this.rename(); } } },
      el("label", {}, "Your name ", this.nameInput),
      el("button", { type: "submit", data: { action: "rename" } }, "Save"));
  }

  async start() {
    if (!this.watching && !this.token) {
      this.notice.say("This link has no key: open the whole link you were given, with the part after the #.");
      this.root.dataset.state = "failed";
      return;
    }
    try {
      this.show(await this.fetchView());
    } catch (error) {
      this.notice.fail(error);
      if (error.status === 403 || error.status === 404) {
        this.root.dataset.state = "failed";
        return;
      }
    }
    this.root.dataset.state = "ready";
    const path = this.watching ? `${this.base}/watch/live` : `${this.base}/seats/${this.seat}/live`;
    this.live = new Live(path, this.token, {
      onView: (view) => this.show(view),
      onState: (state, reason) => this.setState(state, reason),
      poll: () => this.fetchView().then(
        (view) => { this.show(view); if (!this.live.open()) this.setState("polling"); },
        () => { if (!this.live.open()) this.setState("offline"); },
      ),
    });
    this.live.start();
    setInterval(() => this.tick(), 1000);
  }

  // The whole view again, when lines of the log were missed.
  refetch() {
    if (this.refetching) return;
    this.refetching = true;
    this.fetchView().then((view) => { this.refetching = false; this.lines = []; this.show(view); }, () => { this.refetching = false; });
  }

  fetchView() {
    if (this.watching) return request("GET", `${this.base}/watch`);
    return request("GET", `${this.base}/seats/${this.seat}`, { token: this.token });
  }

  setState(state, reason = "") {
    this.state = state;
    this.root.dataset.live = state;
    const said = {
      connecting: "Connecting…",
      live: "Live: the table changes the moment anyone moves.",
      polling: "The live connection is down: asking the server every few seconds, and reconnecting.",
      offline: "The server does not answer: trying again every few seconds.",
      refused: `The server refuses this page: ${reason}`,
    }[state];
    this.liveNote.textContent = said || "";
    this.liveNote.className = `bz-live bz-live-${state}`;
  }

  show(view) {
    if (!view || typeof view !== "object" || !view.table) return;
    if (this.view && view.log_size < this.view.log_size) return; // an older view, late
    // A view's `log` holds the lines from `log_size - log.length` on: all of them in an answer
    // to a request, those not sent before on a live connection.
    const from = view.log_size - view.log.length;
    if (from > this.lines.length) {
      this.refetch();
      return;
    }
    this.view = view;
    this.lines = this.lines.slice(0, from).concat(view.log);
    if (this.dealEndsSeen === null) this.dealEndsSeen = view.deal_ends.length; // not the past's
    if (view.deal_ends.length > this.dealEndsSeen) {
      const ended = view.deal_ends[view.deal_ends.length - 1];
      this.dealEnd = ended.lines;
      this.dealEndsSeen = view.deal_ends.length;
      // Each person may have his own play in the deal reviewed (never another seat's).
      this.review = this.watching ? null : { onReview: () => this.askReview(ended.deal) };
    }
    if (this.nameInput && document.activeElement !== this.nameInput && !this.nameInput.value) {
      const name = view.table.names[this.seat];
      if (name && name !== "person") this.nameInput.value = name;
    }
    this.clockAt = Date.now();
    this.render();
  }

  seatsBar() {
    const view = this.view;
    const about = view.table;
    const items = about.names.map((name, seat) => {
      const person = about.people[seat];
      const turn = view.to_act === seat && !view.over;
      const state = person ? (about.connected[seat] ? "connected" : "away") : "bot";
      return el("li", { class: `bz-seat-tag bz-${state}` + (turn ? " bz-acting" : ""), data: { seat, state, turn: turn ? "yes" : null } },
        el("span", { class: "bz-dot", "aria-hidden": "true" }),
        el("span", { class: "bz-seat-name" }, `p${seat + 1} `, el("strong", {}, name)),
        seat === about.you ? el("span", { class: "bz-you" }, " (you)") : null,
        el("span", { class: "bz-seat-state" }, person ? (about.connected[seat] ? " · here" : " · not connected") : " · bot"),
        turn ? el("span", { class: "bz-turn" }, seat === about.you ? " · your turn" : " · to play") : null);
    });
    const watchers = about.watchers ? `${about.watchers} watching` : "";
    this.seats.replaceChildren(
      el("ul", { class: "bz-seat-tags" }, items),
      el("p", { class: "bz-label bz-watchers" }, [this.watching ? "You are watching: no hand is shown." : "", watchers].filter(Boolean).join(" · ")),
    );
    const clock = this.clockLine();
    if (clock) this.seats.append(clock);
  }

  clockLine() {
    const clock = this.view.table.clock;
    if (!clock || !clock.seconds) return null;
    const spent = (Date.now() - (this.clockAt || Date.now())) / 1000;
    const left = clock.left === null || this.view.over ? null : Math.max(0, Math.round(clock.left - spent));
    const keeper = clock.stand_in ? `; then bot: ${clock.stand_in} plays` : "";
    return el("p", { class: "bz-label bz-clock" }, `Clock: ${clock.seconds} s a move${keeper}`, left === null ? "" : ` · ${left} s left`);
  }

  tick() {
    if (this.view && this.view.table.clock && this.view.table.clock.seconds) {
      const line = this.seats.querySelector(".bz-clock");
      const fresh = this.clockLine();
      if (line && fresh) line.replaceWith(fresh);
    }
  }

  render() {
    const view = this.view;
    this.seatsBar();
    const you = view.table.you;
    document.title = (!this.watching && view.to_act === you && !view.over ? "Your turn · " : "") + `${view.variant.title} · a table`;
    const gameOver = [el("button", { type: "button", data: { action: "record" }, on: { click: () => this.downloadRecord() } }, "Download the record")];
    const ui = {
      message: this.message,
      lines: this.lines,
      dealEnd: this.dealEnd,
      onMove: (text) => this.move(text),
      onCloseDealEnd: () => { this.dealEnd = null; this.review = null; this.render(); },
      review: this.review,
      hint: null,
      onHint: null,
      gameOver,
    };
    const log = this.stage.querySelector(".bz-log-lines");
    const atBottom = !log || log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    const typed = this.stage.querySelector(".bz-typed input");
    const keep = typed && document.activeElement === typed ? typed.value : null;
    this.stage.replaceChildren(this.watching ? renderWatch(view, ui) : renderGame(view, ui));
    const lines = this.stage.querySelector(".bz-log-lines");
    if (lines && atBottom) lines.scrollTop = lines.scrollHeight;
    if (keep !== null) {
      const input = this.stage.querySelector(".bz-typed input");
      if (input) { input.value = keep; input.focus(); }
    }
  }

  async move(text) {
    if (this.root.dataset.busy === "yes") return;
    this.root.dataset.busy = "yes";
    // Play goes on: the last deal's breakdown closes, unless its review was asked for.
    const closing = this.dealEnd && !reviewAsked(this.review);
    try {
      const view = await request("POST", `${this.base}/seats/${this.seat}/moves`, { body: { move: text }, token: this.token });
      this.message = "";
      if (closing) Object.assign(this, { dealEnd: null, review: null });
      this.show(view);
    } catch (error) {
      this.message = error.status === 0 ? `${error.message}: the move was not sent; try again in a moment.` : error.message;
      this.render();
    } finally {
      this.root.dataset.busy = "no";
    }
  }

  // The person's own play in a finished deal, weighed against the expert's, and its par:
  // worked out on the server while the table goes on.
  async askReview(deal) {
    this.review = { pending: true };
    this.render();
    try {
      const found = await request("GET", `${this.base}/seats/${this.seat}/reviews/${deal}`, { token: this.token });
      if (this.review && this.review.pending) this.review = found;
    } catch (error) {
      this.review = null;
      this.message = error.message;
    }
    this.render();
  }

  async rename() {
    try {
      const answer = await request("POST", `${this.base}/seats/${this.seat}/name`, { body: { name: this.nameInput.value }, token: this.token });
      this.nameInput.value = answer.name;
      this.notice.say(answer.name ? `Your name is now ${answer.name}.` : "Your seat has no name now.");
      setTimeout(() => this.notice.say(""), 4000);
      this.show(await this.fetchView());
    } catch (error) {
      this.notice.fail(error);
    }
  }

  async toggleRulebook() {
    if (!this.rulebook.hidden) {
      this.rulebook.hidden = true;
      return;
    }
    if (!this.rulebook.firstChild) {
      try {
        const book = await request("GET", `${this.base}/rulebook`);
        this.rulebook.append(
          el("div", { class: "bz-row bz-rulebook-head" }, el("h2", {}, `Rulebook: ${book.title}`),
            el("button", { type: "button", data: { action: "close-rulebook" }, on: { click: () => { this.rulebook.hidden = true; } } }, "Close")),
          el("div", { class: "bz-rulebook-text" }, markdown(book.markdown)),
        );
      } catch (error) {
        this.notice.fail(error);
        return;
      }
    }
    this.rulebook.hidden = false;
    this.rulebook.scrollIntoView({ block: "start" });
  }

  async downloadRecord() {
    try {
      const record = await request("GET", `${this.base}/record`);
      download(record.file, record.text);
    } catch (error) {
      this.notice.fail(error);
    }
  }
}

// --- the page -------------------------------------------------------------------------------

class Notice {
  constructor(node) {
    this.node = node;
  }

  say(text, problems = []) {
    this.node.replaceChildren();
    if (text) this.node.append(el("p", {}, text));
    if (problems.length) this.node.append(problemsList(problems));
  }

  fail(error) {
    if (error instanceof ApiError) this.say(error.message, error.problems);
    else this.say(`Something went wrong: ${error.message || error}`);
  }
}

// Which page this is: {kind: "lobby"} or {kind: "table", table, seat (null: watching), token}.
export function where(location) {
  const path = location.pathname.replace(/\/+$/, "");
  let found = /^\/tables\/([^/]+)\/seats\/(\d+)$/.exec(path);
  if (found) {
    const token = decodeURIComponent(location.hash.replace(/^#/, ""));
    return { kind: "table", table: decodeURIComponent(found[1]), seat: Number(found[2]), token };
  }
  found = /^\/tables\/([^/]+)\/watch$/.exec(path);
  if (found) return { kind: "table", table: decodeURIComponent(found[1]), seat: null, token: null };
  return { kind: "lobby" };
}

async function main() {
  const root = document.getElementById("bezique-app");
  if (!root) return;
  const notice = new Notice(el("div", { class: "bz-notice", role: "status", "aria-live": "polite" }));
  const place = where(window.location);
  root.dataset.page = place.kind === "lobby" ? "lobby" : place.seat === null ? "watch" : "seat";
  root.append(notice.node);
  if (place.kind === "lobby") {
    const page = await lobby(root, notice);
    if (page) root.append(page);
    return;
  }
  const page = new TablePage(root, notice, place);
  window.addEventListener("hashchange", () => window.location.reload());
  await page.start();
}

main();
