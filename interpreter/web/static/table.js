// The card table of one seat, drawn from its view (interpreter/web/views.py): the status line,
// the scores, every other seat, the trick, the person's table and hand, the moves, the log.
// Every legal move the person can click carries data-move="<move text>". A move's words are
// its label (views.py, move_label); the buttons draw its cards as cards.

import { back, card, cards, el, suitSymbol, isRed, withSuits } from "./dom.js";

function seatName(view, seat) {
  return view.seats[seat].name.replace(/\u00a0/g, " ");
}

function trumpBadge(trump) {
  if (!trump) return el("span", { class: "bz-trump" }, "none yet");
  return el("span", { class: "bz-trump" + (isRed(trump) ? " bz-red-text" : "") }, suitSymbol(trump));
}

// Where the game is: the cut before the first deal, a deal's trick, or the game over.
function stage(view) {
  if (view.phase === "elect") return "Cutting for deal";
  if (view.over) return `Deal ${view.deal} · Game over`;
  return `Deal ${view.deal} · Trick ${view.trick_no + 1}`;
}

function status(view) {
  const parts = [el("strong", {}, view.variant.title), ` · ${stage(view)}`];
  if (view.phase !== "elect") parts.push(" · Trumps ", trumpBadge(view.trump));
  return el("p", { class: "bz-status" }, parts);
}

function scores(view) {
  const rows = view.seats.map((seat, index) =>
    el(
      "tr",
      { class: view.to_act === index ? "bz-acting" : null },
      el("th", { scope: "row" }, seatName(view, index)),
      el("td", {}, String(view.scores[index])),
      el("td", {}, String(view.deal_points[index])),
    ),
  );
  return el(
    "table",
    { class: "bz-scores" },
    el("caption", {}, `Scores (${view.goal || `game to ${view.target}`})`, matchLine(view)),
    el("thead", {}, el("tr", {}, el("th", {}, "Seat"), el("th", {}, "Game"), el("th", {}, "This deal"))),
    el("tbody", {}, rows),
  );
}

// In a match, each side's game points so far and the match's target, under the caption.
function matchLine(view) {
  if (!view.match_target) return null;
  const points = (view.match_points || []).join("–");
  return el("span", { class: "bz-match" }, ` · game points ${points}, match to ${view.match_target}`);
}

function entryLine(entry) {
  const state = entry.lost ? "lost" : entry.scored ? "scored" : "to score";
  return el(
    "li",
    { class: "bz-entry" + (entry.scored ? "" : " bz-waiting") },
    `${entry.no}. ${entry.combo} `,
    cards(entry.cards, { small: true }),
    ` ${entry.points} (${state})`,
  );
}

function entries(list, title) {
  if (!list.length) return null;
  return el("div", { class: "bz-entries" }, el("h4", {}, title), el("ul", {}, list.map(entryLine)));
}

function otherSeat(view, seat) {
  const known = (view.known && view.known[seat]) || []; // an onlooker's view has no `known`
  return el(
    "section",
    { class: "bz-seat" + (view.to_act === seat ? " bz-acting" : ""), "aria-label": seatName(view, seat) },
    el("h3", {}, seatName(view, seat), view.to_act === seat ? " — to play" : ""),
    el("div", { class: "bz-row" }, back(view.hand_sizes[seat] - view.tables[seat].length, "cards in hand"),
      view.tables[seat].length ? el("span", { class: "bz-label" }, "Declared:") : null,
      cards(view.tables[seat].map((item) => item.card), { small: true })),
    view.open[seat].length ? el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Open cards:"), cards(view.open[seat], { small: true })) : null,
    known.length ? el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Known in hand:"), cards(known, { small: true })) : null,
    entries(view.entries[seat], "Declarations"),
  );
}

function trick(view) {
  const shown = view.trick.length ? view.trick : [];
  const played = shown.map((item) =>
    el("figure", { class: "bz-played" }, card(item.card), el("figcaption", {}, seatName(view, item.seat))),
  );
  const last = view.last_trick.length
    ? el(
        "p",
        { class: "bz-last" },
        "Last trick: ",
        cards(view.last_trick.map((item) => item.card), { small: true }),
        view.last_trick_winner === null ? "" : ` won by ${seatName(view, view.last_trick_winner)}`,
      )
    : null;
  const stock = el("div", { class: "bz-stock" }, stockPile(view));
  return el(
    "section",
    { class: "bz-centre", "aria-label": "The trick" },
    stock,
    el("div", { class: "bz-trick" }, played.length ? played : el("span", { class: "bz-label" }, "The trick is empty")),
    last,
    view.heap.length ? el("p", { class: "bz-last" }, "Lying face up: ", cards(view.heap, { small: true })) : null,
  );
}

// The stock and the turn-up: nothing dealt yet while the cut decides who deals; no stock in
// the last tricks, nor at the game's end.
function stockPile(view) {
  if (view.phase === "elect") return el("span", { class: "bz-label" }, "Nothing dealt yet");
  const none = view.over ? "No stock" : "No stock: the last tricks";
  return [
    view.stock ? back(view.stock, "cards in the stock") : el("span", { class: "bz-label" }, none),
    view.turn_up ? el("figure", { class: "bz-played" }, card(view.turn_up), el("figcaption", {}, "turn-up")) : null,
    view.stock ? el("span", { class: "bz-label" }, `Stock: ${view.stock}`) : null,
  ];
}

function moveButton(move, onMove) {
  let label;
  if (move.kind === "declare") label = [`Declare ${move.combo} `, cards(move.cards, { small: true }), ` · ${move.points}`];
  else if (move.kind === "score") label = `Score ${move.combo} (declaration ${move.entry}) · ${move.points}`;
  else if (move.kind === "exchange") label = ["Exchange ", cards(move.cards, { small: true }), " for the turn-up"];
  else if (move.kind === "show") label = ["Show ", cards(move.cards, { small: true })];
  else if (move.kind === "play") label = ["Play ", cards(move.cards, { small: true })];
  else label = move.label;
  return el(
    "button",
    { type: "button", class: `bz-move bz-${move.kind}`, data: { move: move.move }, on: { click: () => onMove(move.move) } },
    label,
  );
}

function myArea(view, onMove) {
  const mine = view.seat;
  const attempts = view.phase === "play" && view.to_act === mine;
  const onPick = (text) => onMove(text);
  const hand = view.hand.map((item) =>
    card(item.card, { move: item.move, attempt: attempts ? `play ${item.card}` : null, onPick }),
  );
  const table = view.tables[mine].map((item) => card(item.card, { move: item.move, onPick }));
  return el(
    "section",
    { class: "bz-me" + (view.to_act === mine ? " bz-acting" : ""), "aria-label": "Your cards" },
    el("h3", {}, seatName(view, mine)),
    table.length ? el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Your table:"), el("span", { class: "bz-cards" }, table)) : null,
    view.open[mine].length ? el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Your open cards:"), cards(view.open[mine], { small: true })) : null,
    entries(view.entries[mine], "Your declarations"),
    el("div", { class: "bz-hand", "aria-label": "Your hand" }, hand),
  );
}

// The Hint button, when the person is to move, and the hint asked for, as plain text; the
// Undo button of a practice game (one person against bots), when a move can be taken back.
function hintRow(view, hint, onHint, onUndo) {
  if (view.over || view.to_act !== view.seat || !view.moves.length) return null;
  const undo = onUndo && view.undo && view.undo.possible;
  if (!onHint && !undo) return null;
  const practice = view.undo && view.undo.taken_back
    ? el("span", { class: "bz-label bz-practice" }, `Practice, unrated: ${view.undo.taken_back} ${view.undo.taken_back === 1 ? "move" : "moves"} taken back`)
    : null;
  return el(
    "div",
    { class: "bz-hint-row" },
    onHint ? el("button", { type: "button", class: "bz-hint-button", data: { action: "hint" }, on: { click: onHint } }, "Hint") : null,
    undo ? el("button", { type: "button", class: "bz-hint-button", data: { action: "undo" }, title: "Take back your last move and the bots’ replies (the game is then unrated)", on: { click: onUndo } }, "Undo") : null,
    practice,
    hint ? el("p", { class: "bz-hint", id: "bz-hint", role: "status" }, withSuits(`Hint: ${hint.label}${hint.reason ? ` — ${hint.reason}` : ""}.`)) : null,
  );
}

// The element of the hinted move (the first with its data-move), marked for the eye and tied
// to the hint's text for assistive tools.
function markHinted(root, hint) {
  if (!hint) return;
  const found = [...root.querySelectorAll("[data-move]")].find((node) => node.dataset.move === hint.move);
  if (!found) return;
  found.classList.add("bz-hinted");
  found.setAttribute("aria-describedby", "bz-hint");
}

// The person's one legal move, when he is to act and has exactly one (a draw that ends the
// declaring window, a forced card): Enter plays it (enterPlaysOnlyMove).
export function onlyMove(view) {
  if (!view || view.over || view.seat === null || view.to_act !== view.seat) return null;
  return view.moves && view.moves.length === 1 ? view.moves[0] : null;
}

// Enter, pressed anywhere on the page but in a field, on a button or on a link (where Enter
// is theirs), plays the only legal move of the view `currentView()` gives.
export function enterPlaysOnlyMove(currentView, onMove) {
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || event.repeat || event.isComposing) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const focus = event.target;
    if (focus instanceof Element && focus.closest("input, textarea, select, button, a[href], [contenteditable]")) return;
    const move = onlyMove(currentView());
    if (!move) return;
    event.preventDefault();
    onMove(move.move);
  });
}

// The only move's elements (two cards alike are two), marked with its key for assistive tools.
function markOnly(root, view) {
  const move = onlyMove(view);
  if (!move) return;
  for (const node of root.querySelectorAll("[data-move]")) {
    if (node.dataset.move === move.move) node.setAttribute("aria-keyshortcuts", "Enter");
  }
}

function moves(view, message, onMove, hint) {
  const onCards = new Set([...view.hand, ...view.tables[view.seat]].map((item) => item.move).filter(Boolean));
  const buttons = view.moves.filter((move) => !onCards.has(move.move)).map((move) => moveButton(move, onMove));
  const typed = el("input", { type: "text", name: "move", "aria-label": "Type a move", placeholder: "or type a move: play QS", autocomplete: "off" });
  const form = el(
    "form",
    { class: "bz-typed", on: { submit: (event) => { event.preventDefault(); if (typed.value.trim()) onMove(typed.value.trim()); } } },
    typed,
    el("button", { type: "submit", data: { action: "type-move" } }, "Try"),
  );
  const only = onlyMove(view);
  let asked = view.asked;
  if (!asked && !view.over && view.to_act !== null) asked = `Waiting for ${seatName(view, view.to_act)}.`;
  return el(
    "section",
    { class: "bz-moves", "aria-label": "Your moves" },
    el("p", { class: "bz-asked", role: "status" }, withSuits(asked)),
    hint,
    message ? el("p", { class: "bz-refused", role: "alert" }, withSuits(message)) : null,
    buttons.length ? el("div", { class: "bz-buttons" }, buttons) : null,
    only ? el("p", { class: "bz-enter" }, el("kbd", {}, "Enter"), ": ", withSuits(only.label)) : null,
    view.over ? null : form,
  );
}

function log(lines) {
  const list = el("ol", { class: "bz-log-lines" }, lines.map((line) => el("li", {}, withSuits(line))));
  return el("details", { class: "bz-log", open: true }, el("summary", {}, "What happened"), list);
}

// Whether the person asked for the review of the deal just ended (under way, or shown): its
// box then stays when play goes on, until he closes it.
export function reviewAsked(review) {
  return Boolean(review && (review.pending || review.lines));
}

// The end of a deal: its breakdown, then (where the page offers it) the review of the
// person's play: a button, "Reviewing…" while it is worked out, then its lines.
export function dealEnd(lines, onClose, review = null) {
  let reviewed = null;
  if (review && review.lines) {
    reviewed = el("div", { class: "bz-review" }, el("h4", {}, "Your play, weighed against the expert’s"),
      review.lines.map((line) => el("p", {}, withSuits(line))));
  } else if (review && review.pending) {
    reviewed = el("p", { class: "bz-review", role: "status" }, "Reviewing your play in this deal…");
  } else if (review && review.onReview) {
    reviewed = el("button", { type: "button", data: { action: "review" }, on: { click: review.onReview } }, "Review");
  }
  return el(
    "section",
    { class: "bz-deal-end", role: "dialog", "aria-label": lines[0] || "End of the deal" },
    lines.map((line, index) => el(index ? "p" : "h3", {}, withSuits(line))),
    reviewed,
    onClose ? el("button", { type: "button", data: { action: "continue" }, on: { click: onClose } }, "Continue") : null,
  );
}

// The whole table of one seat. `ui`: {message, lines, dealEnd, onMove, onCloseDealEnd,
// hint: {move, reason, label} or null, onHint, onUndo (a practice game's), review (the
// deal-end's: {onReview}, {pending} or the review), gameOver: [buttons]}.
export function renderGame(view, ui) {
  const others = view.seats.map((_, seat) => seat).filter((seat) => seat !== view.seat);
  const game = el(
    "div",
    { class: "bz-game", data: { deal: view.deal, trick: view.trick_no, over: view.over ? "yes" : "no" } },
    status(view),
    ui.dealEnd ? dealEnd(ui.dealEnd, ui.onCloseDealEnd, ui.review) : null,
    view.over ? el("section", { class: "bz-over", role: "status" }, view.game_over.map((line) => el("p", {}, withSuits(line))), ui.gameOver) : null,
    el("div", { class: "bz-board" },
      el("div", { class: "bz-others" }, others.map((seat) => otherSeat(view, seat))),
      trick(view),
      myArea(view, ui.onMove),
      moves(view, ui.message, ui.onMove, hintRow(view, ui.hint, ui.onHint, ui.onUndo)),
    ),
    scores(view),
    log(ui.lines),
  );
  markHinted(game, ui.hint);
  markOnly(game, view);
  return game;
}

// The table as an onlooker sees it (the watch link of a table): every seat as the others see
// it, the trick, the scores and the log; no hand and no move. `ui`: {lines, dealEnd,
// onCloseDealEnd, gameOver: [buttons]}.
export function renderWatch(view, ui) {
  const waiting = view.over || view.to_act === null ? "" : `Waiting for ${seatName(view, view.to_act)}.`;
  return el(
    "div",
    { class: "bz-game bz-watching", data: { deal: view.deal, trick: view.trick_no, over: view.over ? "yes" : "no" } },
    status(view),
    ui.dealEnd ? dealEnd(ui.dealEnd, ui.onCloseDealEnd, ui.review) : null,
    view.over ? el("section", { class: "bz-over", role: "status" }, view.game_over.map((line) => el("p", {}, withSuits(line))), ui.gameOver) : null,
    el("div", { class: "bz-board" },
      el("div", { class: "bz-others" }, view.seats.map((_, seat) => otherSeat(view, seat))),
      trick(view),
      waiting ? el("section", { class: "bz-moves" }, el("p", { class: "bz-asked", role: "status" }, withSuits(waiting))) : null,
    ),
    scores(view),
    log(ui.lines),
  );
}
