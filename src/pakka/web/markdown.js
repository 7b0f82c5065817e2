// @ts-check
// A small, safe Markdown renderer for the rules texts: headings, paragraphs, lists,
// tables, code, emphasis and links.  Everything is escaped first.  Repository file paths
// (`shared/seeds/….txt`) are for developers and are left out; links to other Markdown
// files go through `opts.link(href)` ({href, text, lang} or null: the text alone).

function esc(s) {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

const PATH = "`[\\w.-]+(?:/[\\w.-]+)+\\.\\w+`";
const PATHS = [new RegExp(`\\s*\\(${PATH}\\)`, "g"), new RegExp(`\\s*${PATH}`, "g")];

// Inline code that is only cards in the notation people write (`♠K ♥10 🃏`) is drawn as
// small card pictures: the rules' example plays.
const CARD = /^(?:([♠♥♦♣])(10|[2-9JQKA])|🃏)$/u;

function cardsHtml(code) {
  const tokens = code.trim().split(/\s+/u);
  if (!tokens.length || !tokens.every((x) => CARD.test(x))) return null;
  const pics = tokens.map((x) => {
    const m = x.match(CARD);
    if (!m[1]) return '<span class="card-pic joker">🃏</span>';
    const red = m[1] === "♥" || m[1] === "♦" ? " red" : "";
    return `<span class="card-pic${red}">${m[2]}<span class="suit">${m[1]}</span></span>`;
  });
  return `<span class="cards-pic" role="img" aria-label="${esc(tokens.join(" "))}">${pics.join("")}</span>`;
}

function inline(s, opts = {}) {
  let src = s;
  for (const re of PATHS) src = src.replace(re, "");
  // "Suomeksi: [anarchy.fi.md](anarchy.fi.md)." is the link alone, in words
  const only = src.match(/^\s*[\p{L} ]{1,24}:\s*(\[[^\]]+\]\([^)\s]+\.md\))\.?\s*$/u);
  if (only) src = only[1];
  let out = esc(src);
  out = out.replace(/`([^`]+)`/g, (_, code) => cardsHtml(code) || `<code>${code}</code>`);
  out = out.replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>");
  out = out.replace(/(^|[^*])\*([^*\s][^*]*)\*/g, "$1<em>$2</em>");
  out = out.replace(/\b_([^_]+)_\b/g, "<em>$1</em>");
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, text, href) => {
    if (/\.md(#.*)?$/.test(href)) {
      const to = opts.link ? opts.link(href) : null;
      if (!to) return text;
      return `<a href="${esc(to.href)}" data-lang="${esc(to.lang)}">${esc(to.text)}</a>`;
    }
    if (!/^(https?:|#)/.test(href)) return text;
    return `<a href="${href}">${text}</a>`;
  });
  return out;
}

export function markdown(src, opts = {}) {
  const inline_ = (x) => inline(x, opts);
  const lines = src.replace(/\r\n/g, "\n").split("\n");
  const html = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (/^```/.test(line)) {
      const buf = [];
      i++;
      while (i < lines.length && !/^```/.test(lines[i])) buf.push(lines[i++]);
      i++;
      html.push(`<pre><code>${esc(buf.join("\n"))}</code></pre>`);
      continue;
    }
    const h = line.match(/^(#{1,6})\s+(.*)$/);
    if (h) { html.push(`<h${h[1].length}>${inline_(h[2])}</h${h[1].length}>`); i++; continue; }
    if (/^\s*\|/.test(line)) {
      const rows = [];
      while (i < lines.length && /^\s*\|/.test(lines[i])) rows.push(lines[i++]);
      const cells = (r) => r.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
      const body = rows.filter((r) => !/^\s*\|?\s*:?-{2,}/.test(r));
      const [head, ...rest] = body;
      html.push("<div class=\"scroll\"><table class=\"sheet\"><thead><tr>" + cells(head).map((c) => `<th>${inline_(c)}</th>`).join("") + "</tr></thead><tbody>"
        + rest.map((r) => "<tr>" + cells(r).map((c) => `<td>${inline_(c)}</td>`).join("") + "</tr>").join("") + "</tbody></table></div>");
      continue;
    }
    if (/^\s*([-*+]|\d+[.)])\s+/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items = [];
      while (i < lines.length && (/^\s*([-*+]|\d+[.)])\s+/.test(lines[i]) || (/^\s{2,}\S/.test(lines[i]) && items.length))) {
        const m = lines[i].match(/^\s*(?:[-*+]|\d+[.)])\s+(.*)$/);
        if (m) items.push(m[1]); else items[items.length - 1] += " " + lines[i].trim();
        i++;
      }
      const tag = ordered ? "ol" : "ul";
      html.push(`<${tag}>${items.map((x) => `<li>${inline_(x)}</li>`).join("")}</${tag}>`);
      continue;
    }
    if (/^>\s?/.test(line)) {
      const buf = [];
      while (i < lines.length && /^>\s?/.test(lines[i])) buf.push(lines[i++].replace(/^>\s?/, ""));
      html.push(`<blockquote>${inline_(buf.join(" "))}</blockquote>`);
      continue;
    }
    if (!line.trim()) { i++; continue; }
    const buf = [];
    while (i < lines.length && lines[i].trim() && !/^(#{1,6}\s|```|\s*\||\s*([-*+]|\d+[.)])\s+|>)/.test(lines[i])) buf.push(lines[i++]);
    if (!buf.length) buf.push(lines[i++]);
    html.push(`<p>${inline_(buf.join(" "))}</p>`);
  }
  return html.join("\n");
}
