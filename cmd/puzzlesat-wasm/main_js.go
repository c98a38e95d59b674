//go:build js && wasm

package main

import (
	"syscall/js"
)

// main sets globalThis.puzzlesatServe(method, path, body, accept, send),
// which answers one request on a goroutine of its own and calls send with
// each part of the answer ({kind, status, type, data}), and then waits for
// requests for as long as the worker lives.
func main() {
	s, err := newServer()
	if err != nil {
		js.Global().Get("console").Call("error", "puzzlesat: "+err.Error())
		return
	}
	serveFn := js.FuncOf(func(_ js.Value, args []js.Value) any {
		req := request{Method: args[0].String(), Path: args[1].String(), Body: args[2].String(), Accept: args[3].String()}
		send := args[4]
		// A js.FuncOf callback must not block: the answer comes from a
		// goroutine, its parts by send.
		go handle(s, req, func(m message) {
			send.Invoke(map[string]any{"kind": m.Kind, "status": m.Status, "type": m.Type, "data": m.Data})
		})
		return nil
	})
	js.Global().Set("puzzlesatServe", serveFn)
	select {}
}
