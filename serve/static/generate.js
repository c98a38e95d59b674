// generate.js: the Generate panel: a kind's bands and sizes, and the
// puzzle generated, attempt by attempt.

import { $, h, ms, rating, say } from './dom.js';
import { optionsOf, st, stopLong } from './state.js';
import { api } from './api.js';
import { play } from './play.js';
import { openMoves } from './playmoves.js';

// genKindChanged fills the generate panel from the kind's data: its
// bands, default size and limits, or a moves kind's puzzles to scramble.
export function genKindChanged() {
  const k = st.kinds.get($('gen-kind').value);
  if (!k) return;
  const g = k.generate, m = k.moves;
  const bands = g ? g.bands : m ? m.bands : [];
  const band = $('gen-band');
  const was = band.value;
  band.replaceChildren(...bands.map((b) => h('option', { value: b }, b)));
  if (bands.includes(was)) band.value = was;
  for (const id of ['gen-rows', 'gen-cols']) {
    const e = $(id);
    e.hidden = !g;
    if (g) {
      e.max = String(g.max_side);
      e.value = String(id === 'gen-rows' ? g.rows : g.cols);
    }
  }
  $('gen-x').hidden = !g;
  const b = $('gen-builtin');
  b.hidden = !m;
  if (m) b.replaceChildren(...m.builtins.map((x) => h('option', { value: x }, x.replace('RxC', '3x3'))));
}

export async function generate() {
  stopLong();
  const ctl = new AbortController();
  st.abort = ctl;
  const kind = st.kinds.get($('gen-kind').value);
  const seed = $('gen-seed').value.trim();
  if (seed && !/^[0-9]+$/.test(seed)) throw new Error('a seed is a whole number');
  const body = {
    kind: kind.name, difficulty: $('gen-band').value, seed, options: optionsOf(kind),
  };
  if (kind.generate) {
    body.rows = +$('gen-rows').value || 0;
    body.cols = +$('gen-cols').value || 0;
  } else {
    body.builtin = $('gen-builtin').value;
  }
  const stop = $('gen-stop');
  stop.onclick = () => ctl.abort();
  stop.hidden = false;
  const size = kind.generate ? ` ${body.rows}×${body.cols}` : '';
  say(`generating a ${body.difficulty}${size} ${body.kind}…`);
  let n = 0;
  let ans;
  try {
    ans = await api('/api/generate', body, {
      signal: ctl.signal,
      onEvent: (ev, v) => { if (ev === 'attempt') say(`generating… attempt ${++n}: ${v.outcome}`); },
    });
  } finally {
    stop.hidden = true;
    if (st.abort === ctl) st.abort = null;
  }
  $('gen-seed').value = String(ans.seed);
  if (!ans.board) {
    // A puzzle played by moves: opened from its text.
    await openMoves(kind, { text: ans.puzzle });
    say(`Generated: ${ans.difficulty}, optimum ${ans.report.steps} moves; seed ${ans.seed}, attempt ${ans.attempt}, ${ms(ans.ms)}.`, 'good');
    return;
  }
  play(ans.board);
  say(`Generated: ${ans.difficulty}${rating(ans.rating)}${ans.rating && ans.band !== ans.difficulty ? ` (band ${ans.band || 'none'})` : ''}, score ${ans.report.score.toFixed(1)}, hardest rule ${ans.report.max_rule || '—'}; seed ${ans.seed}, attempt ${ans.attempt}, ${ms(ans.ms)}.`, 'good');
}
