// Building the page: elements from plain values, and cards drawn as cards.
//
// Every text that comes from a variant, a record or the engine goes in as a text node
// (document.createTextNode, node.append of a string): nothing here ever parses HTML.

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RANK_NAMES = {
  A: "ace", K: "king", Q: "queen", J: "knave", T: "ten", 9: "nine", 8: "eight",
  7: "seven", 6: "six", 5: "five", 4: "four", 3: "three", 2: "two",
};

// el("button", {class: "x", data: {move: "draw"}, on: {click: f}}, "Draw", child, …)
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "on") {
      for (const [name, handler] of Object.entries(value)) node.addEventListener(name, handler);
    } else if (key === "data") {
      for (const [name, item] of Object.entries(value)) {
        if (item !== null && item !== undefined) node.dataset[name] = String(item);
      }
    } else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

// "QS*1.3" → {rank: "Q", suit: "S", mark: "*1.3"}; null when it is not a card.
export function parseCard(label) {
  const found = /^(10|[2-9TJQKA])([SHDC])(.*)$/.exec(String(label));
  if (!found) return null;
  return { rank: found[1] === "10" ? "T" : found[1], suit: found[2], mark: found[3] };
}

// A card in words: "queen of spades", "queen of spades (declared 1.3)".
export function cardName(label) {
  const card = parseCard(label);
  if (!card) return String(label);
  let name = `${RANK_NAMES[card.rank]} of ${SUIT_NAMES[card.suit]}`;
  if (card.mark.startsWith("*")) name += ` (on the table${card.mark.length > 1 ? ", declaration " + card.mark.slice(1) : ""})`;
  else if (card.mark.startsWith("^")) name += " (open card won in the trick)";
  else if (card.mark.startsWith("+")) name += " (your partner's declared card)";
  return name;
}

// A card with its suit symbol, as text: "Q♠", "10♥".
export function cardText(label) {
  const card = parseCard(label);
  if (!card) return String(label);
  return (card.rank === "T" ? "10" : card.rank) + SUITS[card.suit] + card.mark;
}

export function suitSymbol(letter) {
  return SUITS[letter] || "";
}

export function isRed(letter) {
  return letter === "H" || letter === "D";
}

// A card face. With `move` it is a button carrying data-move (a legal move); with `attempt`
// a button carrying data-try (a move the engine may refuse, with its reason).
export function card(label, { move = null, attempt = null, small = false, onPick = null } = {}) {
  const face = parseCard(label);
  if (!face) return el("span", { class: "bz-card" }, String(label));
  const rank = face.rank === "T" ? "10" : face.rank;
  const classes = ["bz-card"];
  if (isRed(face.suit)) classes.push("bz-red");
  if (small) classes.push("bz-small");
  if (move) classes.push("bz-legal");
  const clickable = Boolean((move || attempt) && onPick);
  const node = el(
    clickable ? "button" : "span",
    {
      class: classes.join(" "),
      type: clickable ? "button" : null,
      role: clickable ? null : "img",
      "aria-label": cardName(label) + (move ? `: ${move}` : ""),
      title: cardName(label),
      data: { move, try: move ? null : attempt, card: label },
    },
    el("span", { class: "bz-rank", "aria-hidden": "true" }, rank),
    el("span", { class: "bz-suit", "aria-hidden": "true" }, SUITS[face.suit]),
    face.mark ? el("span", { class: "bz-mark", "aria-hidden": "true" }, face.mark) : null,
  );
  if (clickable) node.addEventListener("click", () => onPick(move || attempt));
  return node;
}

// A face-down pile: a card back with how many cards it stands for.
export function back(count, what = "cards") {
  return el(
    "span",
    { class: "bz-card bz-back", role: "img", "aria-label": `${count} ${what}` },
    el("span", { class: "bz-count" }, String(count)),
  );
}

export function cards(labels, options = {}) {
  return el("span", { class: "bz-cards" }, labels.map((label) => card(label, options)));
}

// Text with every card written "QS" shown as "Q♠", the red suits in red.
export function withSuits(text) {
  const parts = [];
  const pattern = /([2-9TJQKA]|10)?([♥♦])/g;
  let last = 0;
  const source = String(text).replace(/\u00a0/g, " ");
  for (const found of source.matchAll(pattern)) {
    parts.push(source.slice(last, found.index));
    parts.push(el("span", { class: "bz-red-text" }, found[0]));
    last = found.index + found[0].length;
  }
  parts.push(source.slice(last));
  return parts;
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

// Offer text as a file to download (a game record).
export function download(name, text, type = "application/toml") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = el("a", { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// "1 problem", "2 problems": a count said in words, never "problem(s)".
export function plural(count, word) {
  return `${count} ${count === 1 ? word : `${word}s`}`;
}
