// share.js: Share and Export: links, the canonical text, the board as
// SVG or PNG, printing.

import { $, button, details, fail, h, say } from './dom.js';
import { st } from './state.js';
import { pageURL } from './progress.js';

function copyRow(label, value, id) {
  const input = h('input', { id, value, readonly: '', class: 'link' });
  input.addEventListener('focus', () => input.select());
  const copy = button('Copy', async () => {
    try {
      await navigator.clipboard.writeText(value);
      copy.textContent = 'Copied';
    } catch {
      input.focus();
      input.select();
      document.execCommand?.('copy');
      copy.textContent = 'Selected: copy it';
    }
  }, { id: id + '-copy' });
  return h('div', { class: 'row share-row' }, h('span', { class: 'label' }, label), input, copy);
}

export function share() {
  const plain = pageURL(false), full = pageURL(true);
  if (!plain) {
    say('This puzzle has no URL form.', 'bad');
    return;
  }
  details(h('h3', {}, 'Share'),
    copyRow('The puzzle', plain, 'share-plain'),
    copyRow('With your progress', full, 'share-progress'));
  say('A link opens the puzzle again; the second one carries your board too.');
}

function download(name, data, type) {
  const url = URL.createObjectURL(data instanceof Blob ? data : new Blob([data], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 5000);
}

// boardSVG is the board drawn, as a standalone SVG file: the drawing
// without the hit rectangles, the selection and the page's highlights.
function boardSVG() {
  const svg = $('board').cloneNode(true);
  svg.querySelector('g.layer-hit')?.remove();
  svg.querySelectorAll('.selected').forEach((e) => e.remove());
  const vb = svg.getAttribute('viewBox').split(' ').map(Number);
  svg.setAttribute('width', vb[2]);
  svg.setAttribute('height', vb[3]);
  svg.removeAttribute('style');
  svg.removeAttribute('tabindex');
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  return { text: new XMLSerializer().serializeToString(svg), width: vb[2], height: vb[3] };
}

function fileBase() {
  const n = (st.mode === 'moves' ? st.moves.pz.name : st.pz.name) || '';
  const kind = st.mode === 'moves' ? st.moves.kind.name : st.pz.kind;
  return (kind + '-' + n).replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '') || 'puzzle';
}

// boardPNG is the board drawn as a PNG (a Blob), 3 px for each of the
// SVG's: the SVG drawn on a canvas (as a data: URL, which the server's
// Content-Security-Policy lets an image load).
async function boardPNG() {
  const { text, width, height } = boardSVG();
  const img = new Image();
  await new Promise((ok, bad) => {
    img.onload = ok;
    img.onerror = () => bad(new Error('the board could not be drawn as PNG'));
    img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
  });
  const k = 3;
  const canvas = h('canvas', { width: String(width * k), height: String(height * k) });
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return new Promise((ok) => canvas.toBlob(ok, 'image/png'));
}

async function exportPNG() {
  download(fileBase() + '.png', await boardPNG());
}

// The pictures Export offers, for scripts (and the browser tests).
window.puzzlesat = { boardSVG: () => boardSVG().text, boardPNG };

export function exportPanel() {
  const moves = st.mode === 'moves';
  const text = moves ? st.moves.pz.text : st.pz.text;
  const rows = [];
  if (!moves && st.pz.puzzlink) rows.push(copyRow('puzz.link', st.pz.puzzlink, 'export-puzzlink'));
  const u = pageURL(false);
  if (u) rows.push(copyRow('This page', u, 'export-url'));
  details(h('h3', {}, 'Export'), ...rows,
    h('div', { class: 'row' },
      button('Text (.txt)', () => download(fileBase() + '.txt', text, 'text/plain'), { id: 'export-text' }),
      button('Picture (SVG)', () => download(fileBase() + '.svg', boardSVG().text, 'image/svg+xml'), { id: 'export-svg' }),
      button('Picture (PNG)', () => exportPNG().catch(fail), { id: 'export-png' }),
      button('Print or PDF', () => window.print(), { id: 'export-print' })),
    h('p', { class: 'muted' }, 'Print or PDF prints the title and the board alone (choose "Save as PDF" as the printer); the picture of a solution or a hint comes from the command line: puzzlesat render FILE -o puzzle.pdf.'),
    h('pre', { id: 'export-canonical' }, text));
}
