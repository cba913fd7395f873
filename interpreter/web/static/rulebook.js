// A variant's rulebook (the Markdown `bezique show` prints) drawn as elements. Nothing here
// parses HTML: every text goes in as a text node, so a house variant's title or rule cannot
// become markup. What is understood: headings, paragraphs, lists, tables, notes (`!!! note`),
// **bold**, *italic* and `code`; character references (`&lt;`) are shown as their characters,
// as text. The rulebook's raw HTML blocks (its tables of data for
// variant authors) are left out, with a line saying so.

import { el } from "./dom.js";

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/g;

const NAMED = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

// The character references of a text (`&lt;`, `&#91;`: how the rulebook writes a variant's own
// texts so that no renderer reads them as markup) as the characters, for a text node.
export function characters(text) {
  return String(text).replace(/&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== "#") return NAMED[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

// A line's text with **bold**, *italic* and `code` as elements, the rest as text.
export function inline(text) {
  const parts = [];
  let last = 0;
  for (const found of String(text).matchAll(INLINE)) {
    parts.push(characters(text.slice(last, found.index)));
    const token = found[0];
    if (token.startsWith("**")) parts.push(el("strong", {}, inline(token.slice(2, -2))));
    else if (token.startsWith("`")) parts.push(el("code", {}, token.slice(1, -1)));
    else parts.push(el("em", {}, inline(token.slice(1, -1))));
    last = found.index + token.length;
  }
  parts.push(characters(text.slice(last)));
  return parts.filter((part) => part !== "");
}

function cells(line) {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|")) row = row.slice(0, -1);
  return row.split("|").map((cell) => cell.trim());
}

function table(lines) {
  const head = cells(lines[0]);
  const rule = lines.length > 1 && /^\|?\s*:?-{2,}/.test(lines[1].trim()) ? cells(lines[1]) : null;
  const aligns = (rule || []).map((cell) => (cell.endsWith(":") ? "right" : null));
  const body = lines.slice(rule ? 2 : 1).map(cells);
  const cell = (tag, text, index) => el(tag, { class: aligns[index] === "right" ? "bz-num" : null }, inline(text));
  return el(
    "div",
    { class: "bz-md-table" },
    el(
      "table",
      {},
      rule ? el("thead", {}, el("tr", {}, head.map((text, index) => cell("th", text, index)))) : null,
      el("tbody", {}, (rule ? body : [head, ...body]).map((row) => el("tr", {}, row.map((text, index) => cell("td", text, index))))),
    ),
  );
}

// The Markdown text as a list of elements.
export function markdown(text) {
  const lines = String(text).replace(/\r\n?/g, "\n").split("\n");
  const out = [];
  let skipped = 0;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed) {
      i++;
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      const level = Math.min(heading[1].length + 2, 6); // the page's own headings come first
      out.push(el(`h${level}`, {}, inline(heading[2])));
      i++;
      continue;
    }
    if (trimmed.startsWith("<")) { // a raw HTML block: left out, up to the next blank line
      while (i < lines.length && lines[i].trim()) i++;
      skipped++;
      continue;
    }
    const note = /^!!!\s+\w+\s*(?:"([^"]*)")?/.exec(trimmed);
    if (note) {
      i++;
      const body = [];
      while (i < lines.length && (lines[i].startsWith("    ") || !lines[i].trim())) {
        if (lines[i].trim()) body.push(lines[i].trim());
        else if (i + 1 < lines.length && !lines[i + 1].startsWith("    ")) break;
        i++;
      }
      out.push(el("aside", { class: "bz-md-note" }, el("p", {}, el("strong", {}, note[1] || "Note")), el("p", {}, inline(body.join(" ")))));
      continue;
    }
    if (trimmed.startsWith("|")) {
      const rows = [];
      while (i < lines.length && lines[i].trim().startsWith("|")) rows.push(lines[i++]);
      out.push(table(rows));
      continue;
    }
    const item = /^([-*]|\d+\.)\s+/;
    if (item.test(trimmed)) {
      const ordered = /^\d/.test(trimmed);
      const items = [];
      while (i < lines.length && lines[i].trim()) {
        const text = lines[i].trim();
        if (item.test(text)) items.push(text.replace(item, ""));
        else items[items.length - 1] += " " + text;
        i++;
      }
      out.push(el(ordered ? "ol" : "ul", {}, items.map((text) => el("li", {}, inline(text)))));
      continue;
    }
    const paragraph = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|\||<|!!!)/.test(lines[i].trim())) {
      paragraph.push(lines[i].trim());
      i++;
    }
    out.push(el("p", {}, inline(paragraph.join(" "))));
  }
  if (skipped) {
    out.push(el("p", { class: "bz-label" }, "The tables of data for variant authors are left out here: bezique show NAME prints them."));
  }
  return out;
}
