// state.js: the page's state (the puzzle shown, the board, the editor,
// the options chosen) and the preferences kept in localStorage.

import { $, h } from './dom.js';

export const st = {
  mode: 'none', // none, play, edit, moves
  kinds: new Map(), // name → the kind of /api/kinds
  examples: new Map(), // id → the example of /api/examples
  options: {}, // the kinds' options chosen (flag name → value), sent with every puzzle
  pz: null, // the board of the puzzle played
  play: {}, // its kind's play data
  values: [],
  struck: new Set(), // "i:v": candidates ruled out (pencil marks struck, hints applied)
  undo: [], // earlier {values, struck}
  redo: [],
  faults: [],
  wrong: [], // cells that differ from the solution (checking against it)
  solution: null, // the solution, once asked for
  hint: null,
  diffs: [],
  selected: null,
  from: null, // the cell a "cover" press started on
  pencil: false, // clicks strike candidates instead of setting values
  editor: null,
  editView: null, // {board, values, error} of the drawing
  editSeq: 0,
  editUndo: [],
  editRedo: [],
  editMarks: null, // {seq, marks, board, puzzle, apply}: the clues a proof marked on the drawing
  tool: null,
  source: null, // {text, name} of an input holding several puzzles
  moves: null, // {kind, pz, applied, state, prev}
  abort: null, // AbortController of a long request
  timer: 0, // the interval that redraws a long request's progress
  verifySeq: 0,
  note: '', // a message the next "Solved!" keeps (Autocomplete's)
};

export const prefs = {
  get cands() { return localStorage.getItem('puzzlesat:cands') === 'on'; },
  set cands(on) { localStorage.setItem('puzzlesat:cands', on ? 'on' : 'off'); },
  get checkSol() { return localStorage.getItem('puzzlesat:check') === 'on'; },
  set checkSol(on) { localStorage.setItem('puzzlesat:check', on ? 'on' : 'off'); },
};

// stopLong stops the long request under way (st.abort: a puzzle being
// generated, a shortest solution being proven) and its timer, as the page
// turns to another puzzle or starts another.
export function stopLong() {
  if (st.abort) st.abort.abort();
  st.abort = null;
  clearInterval(st.timer);
}

export function spec(extra = {}) {
  return { text: st.pz.text, kind: st.pz.kind, options: st.options, ...extra };
}

// optionsOf is the options chosen that kind k has.
export function optionsOf(k) {
  return Object.fromEntries((k?.flags || []).filter((f) => f.name in st.options).map((f) => [f.name, st.options[f.name]]));
}

// showFlags offers the options of kind k that change how a puzzle of it
// reads (names: the board's flags), as /api/kinds describes them; a
// change is kept in st.options and told to onChange (play.js reads the
// puzzle again).
export function showFlags(k, names = [], onChange = () => {}) {
  const row = $('flags-row');
  const flags = (k?.flags || []).filter((f) => names.includes(f.name));
  row.replaceChildren(...flags.map((f) => {
    const sel = h('select', { id: `flag-${f.name}`, title: f.usage },
      ...f.values.map((v, i) => h('option', { value: v }, f.labels[i])));
    sel.value = st.options[f.name] || f.default;
    sel.addEventListener('change', () => {
      st.options[f.name] = sel.value;
      onChange();
    });
    return h('label', {}, `${f.label} `, sel);
  }));
  row.hidden = flags.length === 0;
}
// playOf is the play data of a kind ({} when it has none).
export const playOf = (kind) => st.kinds.get(kind)?.play || {};

// movesKinds are the kinds played by moves.
export const movesKinds = () => [...st.kinds.values()].filter((k) => k.play?.mode === 'moves');
