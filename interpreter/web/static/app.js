// The browser game: one front-end for `bezique serve` (HTTP) and the documentation site (the
// engine in a Web Worker). The element #bezique-app says which: data-transport="http" or
// "worker". `?variant=NAME&seed=N` opens a new game at once.

import { ApiError, HttpTransport, WorkerTransport } from "./transport.js";
import { clear, download, el } from "./dom.js";
import { enterPlaysOnlyMove, renderGame, reviewAsked } from "./table.js";
import { problemsList, renderLobby } from "./lobby.js";
import { renderReplay } from "./replay.js";

class App {
  constructor(root) {
    this.root = root;
    this.notice = el("div", { class: "bz-notice", role: "status", "aria-live": "polite" });
    this.stage = el("div", { class: "bz-stage" });
    const lobby = el("button", { type: "button", data: { action: "lobby" }, on: { click: () => this.lobby() } }, "New game or replay");
    root.append(el("nav", { class: "bz-nav" }, lobby), this.notice, this.stage);
    if (root.dataset.transport === "worker") {
      this.say("Loading the engine in your browser (about 15 MB the first time)…");
      this.transport = new WorkerTransport(new URL("worker.js", import.meta.url), (text) => this.say(text));
    } else {
      this.transport = new HttpTransport(root.dataset.base || "");
    }
    this.busy = false;
    enterPlaysOnlyMove(() => (this.game ? this.view : null), (text) => this.move(text));
  }

  say(text, problems = []) {
    clear(this.notice);
    if (text) this.notice.append(el("p", {}, text));
    if (problems.length) this.notice.append(problemsList(problems));
  }

  fail(error) {
    if (error instanceof ApiError) this.say(error.message, error.problems);
    else this.say(`Something went wrong: ${error.message || error}`);
  }

  async call(op, args) {
    this.busy = true;
    this.root.dataset.busy = "yes";
    try {
      return await this.transport.call(op, args);
    } finally {
      this.busy = false;
      this.root.dataset.busy = "no";
    }
  }

  async start() {
    try {
      await this.transport.ready;
      this.catalogue = await this.call("variants", {});
    } catch (error) {
      this.fail(error);
      this.root.dataset.state = "failed";
      return;
    }
    this.say("");
    this.root.dataset.state = "ready";
    const params = new URLSearchParams(window.location.search);
    if (params.get("variant")) {
      await this.newGame({ variant: params.get("variant"), seed: params.get("seed") || null });
    } else {
      this.lobby();
    }
  }

  lobby() {
    if (!this.catalogue) return;
    this.say("");
    this.game = null;
    const actions = {
      start: (args) => this.newGame(args),
      check: (text, file) => this.call("check", { text, file }),
      replay: (text, file) => this.openReplay(text, file),
    };
    this.stage.replaceChildren(renderLobby(this.catalogue, actions));
  }

  async newGame(args) {
    let created;
    try {
      created = await this.call("create", args);
    } catch (error) {
      this.fail(error);
      if (!this.stage.firstChild) this.lobby();
      return;
    }
    this.say("");
    Object.assign(this, { game: created.game, seat: created.seat, seed: created.seed });
    this.lines = [];
    this.dealEndsSeen = 0;
    this.message = "";
    this.dealEnd = null;
    this.review = null;
    this.hint = null;
    this.show(created.view);
  }

  show(view) {
    this.view = view;
    this.hint = null;
    this.lines = this.lines.concat(view.log);
    if (view.deal_ends.length > this.dealEndsSeen) {
      const ended = view.deal_ends[view.deal_ends.length - 1];
      this.dealEnd = ended.lines;
      this.dealEndsSeen = view.deal_ends.length;
      this.review = { onReview: () => this.askReview(ended.deal) };
    }
    this.render();
  }

  render() {
    const gameOver = [
      el("button", { type: "button", data: { action: "record" }, on: { click: () => this.downloadRecord() } }, "Download the record"),
      el("button", { type: "button", data: { action: "replay-this" }, on: { click: () => this.replayThis() } }, "Replay this game"),
      el("button", { type: "button", data: { action: "lobby" }, on: { click: () => this.lobby() } }, "New game"),
    ];
    const ui = {
      message: this.message,
      lines: this.lines,
      dealEnd: this.dealEnd,
      onMove: (text) => this.move(text),
      onCloseDealEnd: () => { this.dealEnd = null; this.review = null; this.render(); },
      review: this.review,
      hint: this.hint,
      onHint: () => this.askHint(),
      onUndo: () => this.undo(),
      gameOver,
    };
    this.stage.replaceChildren(renderGame(this.view, ui));
    const log = this.stage.querySelector(".bz-log-lines");
    if (log) log.scrollTop = log.scrollHeight;
  }

  async move(text) {
    if (this.busy || !this.game) return;
    // Play goes on: the last deal's breakdown closes, unless its review was asked for.
    const closing = this.dealEnd && !reviewAsked(this.review);
    try {
      const view = await this.call("move", { game: this.game, seat: this.seat, move: text, since: this.lines.length });
      this.message = "";
      if (closing) Object.assign(this, { dealEnd: null, review: null });
      this.show(view);
    } catch (error) {
      this.refused(error);
    }
  }

  // The person's play in a finished deal weighed against the expert's, and its par: worked
  // out on the server (or in the page's worker) while the page stays usable.
  async askReview(deal) {
    if (!this.game) return;
    this.review = { pending: true };
    this.render();
    try {
      // Not through call(): the page is not busy meanwhile, and the next deal may be played.
      const found = await this.transport.call("review", { game: this.game, seat: this.seat, deal });
      if (this.review && this.review.pending) this.review = found;
    } catch (error) {
      this.review = null;
      this.message = error.message;
    }
    this.render();
  }

  // A refusal of the game's (409: not legal, not now) said on the table; anything else fails.
  refused(error) {
    if (error instanceof ApiError && error.status === 409) {
      this.message = error.message;
      this.render();
    } else {
      this.fail(error);
    }
  }

  // The person's last move taken back with the bots' replies (a practice game): the log is
  // told again from the start, and past deal ends are not shown again.
  async undo() {
    if (this.busy || !this.game) return;
    try {
      const undone = await this.call("undo", { game: this.game, seat: this.seat });
      this.lines = [];
      this.dealEndsSeen = undone.view.deal_ends.length;
      this.message = `Taken back: ${undone.taken} (your move), with the bots’ replies.`;
      this.show(undone.view);
    } catch (error) {
      this.refused(error);
    }
  }

  // The expert bot's advice for the person's move (the game is unchanged).
  async askHint() {
    if (this.busy || !this.game) return;
    try {
      this.hint = await this.call("hint", { game: this.game, seat: this.seat });
      this.render();
    } catch (error) {
      this.refused(error);
    }
  }

  async downloadRecord() {
    try {
      const record = await this.call("record", { game: this.game });
      download(record.file, record.text);
    } catch (error) {
      this.fail(error);
    }
  }

  async replayThis() {
    try {
      const record = await this.call("record", { game: this.game });
      await this.openReplay(record.text, record.file);
    } catch (error) {
      this.fail(error);
    }
  }

  async openReplay(text, file) {
    let replay;
    try {
      replay = await this.call("replay", { text, file });
    } catch (error) {
      this.fail(error);
      return;
    }
    this.say("");
    this.game = null;
    const go = (index) => this.stage.replaceChildren(renderReplay(replay, index, go));
    go(0);
  }
}

const root = document.getElementById("bezique-app");
if (root) new App(root).start();
