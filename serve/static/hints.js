// hints.js: what play's buttons that ask the solvers do: hint, apply the
// hint, autocomplete, check uniqueness, grade.

import { cell, render } from './board.js';
import { $, details, h, ms, rating, rc, say } from './dom.js';
import { spec, st } from './state.js';
import { api } from './api.js';
import { change, changed, redraw, sentence, setValues } from './play.js';

// hintView is a step of the API (answer.StepRecord) as the board shows it.
function hintView(s, forced = {}) {
  return {
    cells: (s.cells || []).map(cell), elims: s.elims || [], forced,
    vars: (s.elims || []).map((e) => st.pz.vidx.get(`${e.cell.row - 1},${e.cell.col - 1}`)),
  };
}

const struckList = () => [...st.struck].map((k) => k.split(':').map(Number));

export async function hint() {
  const ans = await api('/api/hint', spec({ values: st.values, struck: struckList() }));
  st.hint = null;
  details();
  if (ans.mistake) {
    st.faults = (ans.wrong || []).map(cell);
    redraw();
    say(sentence(ans.message), 'bad');
    return;
  }
  if (ans.solved) {
    say(sentence(ans.message), 'good');
    return;
  }
  const step = ans.hint;
  if (!step) {
    say(sentence(ans.message));
    return;
  }
  st.hint = hintView(step, ans.forced || {});
  redraw();
  say(sentence(step.reason), '');
  const n = step.elims.length, f = Object.keys(ans.forced || {}).length;
  const cells = [...new Set(step.elims.map((e) => rc(e.cell)))];
  details(
    h('p', {}, `It rules out ${n} candidate${n === 1 ? '' : 's'}${cells.length ? ' of ' + cells.join(', ') : ''}` +
      (f ? `, which leaves ${f} value${f === 1 ? '' : 's'} single (green).` : '.')),
    h('p', { class: 'muted' }, `Cells looked at are yellow; the values ruled out are struck in red. "Apply hint" strikes them from your candidates${f ? ' and fills in the green values' : ''}. (Rule ${step.rule}, level ${step.level}.)`));
}

export function applyHint() {
  if (!st.hint) return;
  change();
  const next = st.values.slice();
  for (const [i, v] of Object.entries(st.hint.forced)) next[+i] = v;
  st.values = next;
  st.struck = new Set(st.struck);
  st.hint.elims.forEach((e, k) => {
    const i = st.hint.vars[k];
    if (i !== undefined && e.value !== undefined) st.struck.add(i + ':' + e.value);
  });
  details();
  say('');
  changed();
}

export async function autocomplete() {
  const ans = await api('/api/solve', spec());
  if (ans.status !== 'solved') {
    say('The puzzle has no solution.', 'bad');
    return;
  }
  st.solution = ans.values;
  const wrong = st.values.filter((v, i) => v >= 0 && v !== ans.values[i]).length;
  st.note = wrong ? `Autocompleted with a solution from SAT; ${wrong} of your values ${wrong === 1 ? 'was' : 'were'} different.` : 'Autocompleted with a solution from SAT.';
  say(st.note);
  setValues(ans.values);
}

export async function check() {
  details();
  st.hint = null;
  const ans = await api('/api/check', spec());
  showCheck(ans, st.pz);
  redraw();
}

// showCheck reports a uniqueness check; with two solutions it marks the
// cells where they differ (st.diffs, which the caller's board then draws:
// the game's or the drawing's) and draws both.
export function showCheck(ans, pz) {
  $('compare').hidden = true;
  st.diffs = [];
  if (ans.status === 'unique') {
    say(`Unique: the puzzle has exactly one solution (SAT, ${ms(ans.ms)}).`, 'good');
  } else if (ans.status === 'unsolvable') {
    say('Unsolvable: the puzzle has no solution.', 'bad');
  } else {
    st.diffs = ans.differences.map(cell);
    const n = ans.differences.length;
    say(`Not unique: two solutions differ in ${n} cell${n > 1 ? 's' : ''} (marked).`, 'bad');
    $('fig1').hidden = false;
    $('cap2').textContent = 'solution 2';
    render($('board1'), pz, { values: ans.values, bare: true, diffs: st.diffs, scale: 0.7 });
    render($('board2'), pz, { values: ans.second_values, bare: true, diffs: st.diffs, scale: 0.7 });
    $('compare').hidden = false;
  }
}

export async function grade() {
  say('grading…');
  details();
  const g = await api('/api/grade', spec());
  const r = g.report;
  const band = g.band ? `, ${g.band}` : '';
  // The rating: stars out of 10 on the scale every kind shares.
  const stars = rating(g.rating);
  say(`Difficulty: ${g.status === 'solved' ? 'solved by the rules' : g.status}${band}${stars}; score ${r.score.toFixed(1)}, hardest rule ${r.hardest_rule || r.max_rule || '—'} (level ${r.hardest_rule ? r.complexity_used : r.max_level})${r.stuck_after ? `; stuck: no rule up to ${r.stuck_after} (level ${r.stuck_level}) applies` : ''}, trial depth ${r.trial_depth}; SAT: ${g.sat_status}.`, g.status === 'solved' ? 'good' : 'bad');
  const rows = Object.entries(r.rule_steps || {}).sort((a, b) => b[1] - a[1]);
  const table = h('table', {}, h('tr', {}, h('th', {}, 'rule'), h('th', {}, 'steps')),
    ...rows.map(([k, n]) => h('tr', {}, h('td', {}, k), h('td', {}, String(n)))));
  const steps = h('ol', {}, ...(g.steps || []).map((s) => {
    const li = h('li', { title: `${s.rule}, level ${s.level}` }, sentence(s.reason));
    li.addEventListener('click', () => {
      st.hint = hintView(s);
      redraw();
    });
    return li;
  }));
  details(h('p', {}, `${r.steps} steps in ${r.depth} layers, ${r.trials} trials, ${ms(g.ms)}. Click a step to see its cells.`), table, steps);
}
