// Before a game: choose a variant (shipped, or a file of your own, checked as `bezique check`
// checks it), your seat and a bot for every other, a seed; or open a game record to replay.

import { el, plural } from "./dom.js";

// The chosen file's text in `target`, and its name in `name` (a field the person may edit)
// or, without one, kept on `target` for the messages.
function readFile(input, target, name = null) {
  const file = input.files && input.files[0];
  if (!file) return;
  file.text().then((text) => {
    target.value = text;
    if (name) name.value = file.name;
    else target.dataset.file = file.name;
  });
}

// The field with a variant file's name, which its problems are reported under: the uploaded
// file's, or one the person types for a pasted text (empty: house.toml). The server keeps
// its last part, without any folder, as plain text.
export function fileNameField() {
  return el("input", { type: "text", name: "variant-file", placeholder: "house.toml", size: 14, maxlength: 100,
    autocomplete: "off", spellcheck: "false", "aria-label": "File name" });
}

export function fileNameOf(field) {
  return field.value.trim() || "house.toml";
}

function seatPickers(players, bots, defaultBot, holder) {
  holder.replaceChildren();
  const yours = el("select", { name: "seat", "aria-label": "Your seat" },
    Array.from({ length: players }, (_, seat) => el("option", { value: seat }, `p${seat + 1}`)));
  holder.append(el("label", {}, "Your seat ", yours));
  const pickers = [];
  for (let seat = 0; seat < players; seat++) {
    const pick = el("select", { name: `bot-${seat}`, "aria-label": `Bot in p${seat + 1}` },
      bots.map((bot) => el("option", { value: bot, selected: bot === defaultBot }, bot)));
    pickers.push(pick);
    holder.append(el("label", { class: "bz-bot" }, `p${seat + 1} bot `, pick));
  }
  const sync = () => pickers.forEach((pick, seat) => { pick.parentElement.hidden = seat === Number(yours.value); });
  yours.addEventListener("change", sync);
  sync();
  return () => pickers.map((pick, seat) => (seat === Number(yours.value) ? "person" : pick.value));
}

function problemsList(problems) {
  return el("ul", { class: "bz-problems" }, problems.map((problem) => el("li", {}, el("code", {}, problem))));
}

// The lobby. `actions`: {start({variant | variant_text, file, seed, seats}), replay(text, file)}.
export function renderLobby(catalogue, actions) {
  const { variants, bots, default_bot: defaultBot } = catalogue;
  const variant = el("select", { name: "variant", "aria-label": "Variant" },
    variants.map((item) => el("option", { value: item.name }, `${item.title} (${item.name})`)));
  const seed = el("input", { type: "text", name: "seed", inputmode: "numeric", placeholder: "any", size: 8, "aria-label": "Seed" });
  const seatsHolder = el("div", { class: "bz-seat-pickers" });
  let seats = () => null;
  const players = () => (variants.find((item) => item.name === variant.value) || { players: 2 }).players;
  const refreshSeats = () => { seats = seatPickers(players(), bots, defaultBot, seatsHolder); };
  variant.addEventListener("change", refreshSeats);
  refreshSeats();
  const seedValue = () => (seed.value.trim() === "" ? null : seed.value.trim());
  const play = el("form", { class: "bz-panel", on: { submit: (event) => {
    event.preventDefault();
    actions.start({ variant: variant.value, seed: seedValue(), seats: seats() });
  } } },
    el("h2", {}, "New game"),
    el("label", { class: "bz-wide" }, "Variant ", variant),
    seatsHolder,
    el("label", {}, "Seed ", seed),
    el("button", { type: "submit", data: { action: "new-game" } }, "Play"),
  );

  const text = el("textarea", { name: "variant-text", rows: 8, spellcheck: "false", "aria-label": "Variant file",
    placeholder: 'extends = "bezique"\nname = "my-bezique"\ntitle = "Bézique, 2000 up"\ngame = { target = 2000 }' });
  const upload = el("input", { type: "file", accept: ".toml,text/plain", "aria-label": "Upload a variant file" });
  const name = fileNameField();
  upload.addEventListener("change", () => readFile(upload, text, name));
  const verdict = el("div", { class: "bz-verdict", role: "status" });
  let ownPlayers = 2;
  const ownSeats = el("div", { class: "bz-seat-pickers" });
  let ownSeatsOf = () => null;
  const fileName = () => fileNameOf(name);
  const check = async () => {
    const answer = await actions.check(text.value, fileName());
    verdict.replaceChildren();
    if (answer.ok) {
      ownPlayers = answer.players;
      ownSeatsOf = seatPickers(ownPlayers, bots, defaultBot, ownSeats);
      verdict.append(el("p", { class: "bz-ok" }, `No problems: ${answer.title}, ${answer.players} players.`));
    } else {
      ownSeats.replaceChildren();
      verdict.append(el("p", {}, `${plural(answer.problems.length, "problem")}:`), problemsList(answer.problems));
    }
    return answer.ok;
  };
  const own = el("form", { class: "bz-panel", on: { submit: async (event) => {
    event.preventDefault();
    if (await check()) actions.start({ variant_text: text.value, file: fileName(), seed: seedValue(), seats: ownSeatsOf() });
  } } },
    el("h2", {}, "Your own variant"),
    el("p", {}, "Paste or upload a variant file. It may extend a shipped variant (extends = \"bezique\"); it is checked as bezique check checks it."),
    text,
    el("label", {}, "File name ", name),
    el("div", { class: "bz-row" }, upload,
      el("button", { type: "button", data: { action: "check-variant" }, on: { click: check } }, "Check")),
    verdict,
    ownSeats,
    el("button", { type: "submit", data: { action: "play-own" } }, "Check and play"),
  );

  const record = el("textarea", { name: "record-text", rows: 4, spellcheck: "false", "aria-label": "Game record" });
  const recordUpload = el("input", { type: "file", accept: ".toml,text/plain", "aria-label": "Upload a game record" });
  recordUpload.addEventListener("change", () => readFile(recordUpload, record));
  const replay = el("form", { class: "bz-panel", on: { submit: (event) => {
    event.preventDefault();
    actions.replay(record.value, record.dataset.file || "record.toml");
  } } },
    el("h2", {}, "Replay a game record"),
    el("p", {}, "A record written by bezique play --record, simulate --record, or this page."),
    record,
    el("div", { class: "bz-row" }, recordUpload, el("button", { type: "submit", data: { action: "open-record" } }, "Replay")),
  );
  return el("div", { class: "bz-lobby" }, play, own, replay);
}

export { problemsList };
