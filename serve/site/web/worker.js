// worker.js is one Web Worker of the static build (make site): it runs the
// playground's API compiled to WebAssembly (cmd/puzzlesat-wasm) and answers
// the requests static.js passes it, one at a time, with the parts of each
// answer as messages ({kind: "head", status, type}, {kind: "chunk", data},
// {kind: "end"}; {kind: "error", error} when the module cannot start).
// Long work is cancelled by terminating the worker.

importScripts('wasm_exec.js');

let started;
const pending = [];

function start(module) {
  const go = new Go();
  return WebAssembly.instantiate(module, go.importObject).then((inst) => {
    // run returns a promise that ends with the program; the program's
    // main has set puzzlesatServe by the time run first returns.
    go.run(inst);
    if (typeof globalThis.puzzlesatServe !== 'function') throw new Error('the WebAssembly module did not start');
  });
}

function serve(req) {
  started.then(() => {
    globalThis.puzzlesatServe(req.method, req.path, req.body, req.accept, (part) => postMessage(part));
  }, (err) => postMessage({ kind: 'error', error: `the playground's WebAssembly could not start: ${err.message}` }));
}

onmessage = (e) => {
  const m = e.data;
  if (m.module || m.failed) {
    started = m.module ? start(m.module) : Promise.reject(new Error(`puzzlesat.wasm did not load: ${m.failed}`));
    started.catch(() => {}); // a failed start answers every request with its error
    for (const req of pending.splice(0)) serve(req);
    return;
  }
  if (!started) pending.push(m);
  else serve(m);
};
