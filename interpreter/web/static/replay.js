// The replay viewer: a game record stepped through trick by trick, every hand open (a record
// names every card). Frames come from interpreter/web/replay.py.

import { card, cards, el, isRed, suitSymbol, withSuits } from "./dom.js";

function seatBlock(replay, frame, seat) {
  const won = frame.last_trick_winner === seat;
  return el(
    "section",
    { class: "bz-seat" + (won ? " bz-acting" : ""), "aria-label": `p${seat + 1}` },
    el("h3", {}, `p${seat + 1} (${replay.seats[seat]}) · ${frame.scores[seat]} (this deal ${frame.deal_points[seat]})`),
    el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Hand:"), cards(frame.hands[seat], { small: true })),
    frame.tables[seat].length ? el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Declared:"), cards(frame.tables[seat], { small: true })) : null,
    frame.open[seat].length ? el("div", { class: "bz-row" }, el("span", { class: "bz-label" }, "Open:"), cards(frame.open[seat], { small: true })) : null,
  );
}

export function renderReplay(replay, index, go) {
  const frames = replay.frames;
  const frame = frames[index];
  const seats = replay.seats.map((_, seat) => seatBlock(replay, frame, seat));
  const step = (to, label, action) =>
    el("button", { type: "button", data: { action }, disabled: to < 0 || to >= frames.length || to === index, on: { click: () => go(to) } }, label);
  const trump = frame.trump
    ? el("span", { class: "bz-trump" + (isRed(frame.trump) ? " bz-red-text" : "") }, suitSymbol(frame.trump))
    : "none yet";
  return el(
    "div",
    { class: "bz-replay", data: { frame: index } },
    el("p", { class: "bz-status" }, el("strong", {}, `Replay: ${replay.variant.title}`),
      ` · Deal ${frame.deal} · ${frame.over ? "Game over" : `Trick ${frame.trick_no + 1}`} · Trumps `, trump,
      ` · Stock ${frame.stock}`),
    el("nav", { class: "bz-steps", "aria-label": "Step through the game" },
      step(0, "⏮ Start", "first"),
      step(index - 1, "◀ Previous trick", "previous"),
      el("span", { class: "bz-label" }, `Step ${index + 1} of ${frames.length}`),
      step(index + 1, "Next trick ▶", "next"),
      step(frames.length - 1, "End ⏭", "last")),
    frame.last_trick.length
      ? el("p", { class: "bz-last" }, "Trick just played: ",
          frame.last_trick.map((item) => el("span", { class: "bz-played" }, card(item.card, { small: true }), ` p${item.seat + 1} `)),
          frame.last_trick_winner === null ? "" : `— won by p${frame.last_trick_winner + 1}`)
      : null,
    frame.turn_up ? el("p", { class: "bz-last" }, "Turn-up: ", card(frame.turn_up, { small: true })) : null,
    el("div", { class: "bz-others" }, seats),
    el("details", { class: "bz-log", open: true }, el("summary", {}, "What happened in this step"),
      el("ol", { class: "bz-log-lines" }, frame.lines.map((line) => el("li", {}, withSuits(line))))),
    frame.over && replay.outcome.length ? el("section", { class: "bz-over" }, replay.outcome.map((line) => el("p", {}, withSuits(line)))) : null,
  );
}
