// dom.js: the page's small DOM helpers (elements, buttons, the message
// line) and how it says cells and times.


export const $ = (id) => document.getElementById(id);
export function say(msg, cls = '') {
  const m = $('message');
  m.textContent = msg;
  m.className = cls;
}

// rating is a difficulty on the scale every kind shares as grade writes
// it (answer/rating's Bar): ", rating ★★★★☆☆☆☆☆☆ 4/10"; '' unrated.
export function rating(stars) {
  return stars ? `, rating ${'★'.repeat(stars)}${'☆'.repeat(10 - stars)} ${stars}/10` : '';
}

export function details(...nodes) {
  $('details').replaceChildren(...nodes);
}

export function h(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'onclick') e.addEventListener('click', v);
    else if (k === 'class') e.className = v;
    else e.setAttribute(k, v);
  }
  for (const k of kids) e.append(k);
  return e;
}

export function button(label, onclick, attrs = {}) {
  return h('button', { onclick, ...attrs }, label);
}

export function fail(err) {
  if (err.name === 'AbortError') {
    say('stopped', '');
    return;
  }
  say(err.message, 'bad');
}

// rc names a cell of the API (from 1) as the text does: r1c1.
export const rc = (q) => `r${q.row}c${q.col}`;
// ms is an answer's "ms" (milliseconds, to the microsecond) as the page says it.
export const ms = (t) => `${Math.round(t)} ms`;
// title is a puzzle's heading: its kind, its name (without a file's
// extension, blanks single, none for an unnamed input) and its size.
export function title(kind, name, size) {
  let n = String(name || '').replace(/\.(txt|json|yaml|in|ans)$/i, '').replace(/\s+/g, ' ').trim();
  if (n === 'input' || n.includes('?') || n.includes('://')) n = '';
  return [kind, n, size && `(${size})`].filter(Boolean).join(' ');
}
