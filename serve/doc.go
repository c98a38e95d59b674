// Package serve is the web playground of `puzzlesat serve`: a page that
// opens, draws, plays, checks, grades and generates puzzles of every kind
// and solves shift puzzles, and the JSON API under /api/ that the page and
// scripts alike use. GET / and GET /p serve the page, which opens the
// puzzle its query names (/p?juosan/6/6/…, puzz.link's shape; /?shinro/…
// for the kinds' own "url" format), keeps the player's progress in the
// browser and shares it in the URL's fragment. The page (static/: plain
// HTML, CSS and JavaScript, no build step) is embedded in the binary and draws the boards itself, as SVG
// built in the browser from the JSON the API returns, so that the binary
// links no drawing library (package render is for pictures in files).
//
// # API
//
// Cells are {"row", "col"} from 1 everywhere, as the command line writes
// them. Solve, check, verify, hint and grade answer the records the
// command line writes with --format json (package answer: SolveRecord,
// CheckRecord, VerifyRecord, HintRecord, GradeRecord), without its file,
// kind and name, with the API's own keys beside (value indexes for the
// page to draw: "values", "second_values"; each record says which keys
// are whose). Every endpoint takes and returns JSON (POST bodies with Content-Type
// application/json). A puzzle travels in every request as its text, so the
// server keeps no state between requests:
//
//	{"text": "...", "kind": "", "select": "", "name": "", "options": {}, "example": ""}
//
// text is the puzzle in any format its kind reads, or a puzz.link URL;
// kind overrides detection; select picks one puzzle of an input holding
// several, as FILE#SEL on the command line does (an entry number, or a
// name: see puzzle.Selection), and an input holding several lists them as
// "entries" ({"entry", "name"});
// name is an uploaded file's name, of which only the extension is used (to
// detect a format; nothing is ever read from the file system); options set
// the kinds' own options by name, those /api/kinds lists with their values
// (Juosan's "rule": either, majority); example names a bundled example
// instead of text (GET /api/examples lists them). values is a board: one
// value index per unknown of the puzzle (its "vars"), -1 for undecided.
//
//	GET  /api/kinds          the kinds: formats, generation sizes and bands, how the page plays
//	                         each (its "play" data, kind.Play), the flags a request may set
//	                         in "options" (name, values, the page's label and value labels:
//	                         Juosan's "rule"), a moves kind's built-ins and bands, serve's limits
//	GET  /api/examples       the bundled examples: id, kind, name, size and text
//	POST /api/parse          puzzle → {"puzzle": board, "entries": [...]}; board is the kind's
//	                         display list ("display", package display), its unknowns ("vars"
//	                         with cell and domain), the values it gives ("fixed"), its
//	                         canonical "text", its "url" (the query of the page's address that
//	                         opens it: /?URL) and its "puzzlink" address where puzz.link has one
//	POST /api/verify         puzzle + values → the rules broken ("violations", each with its
//	                         cells), "valid", "complete", "solved", "faults"; on a partial
//	                         board only what no filling of the undecided cells can mend
//	POST /api/hint           puzzle + values → the human solver's next step from that board
//	                         ("hint"), as `grade --hint --format json` writes it, and
//	                         the values it forces ("mistake" instead when no solution agrees
//	                         with the board, with the cells that differ from a solution);
//	                         "struck" ([[unknown, value], ...]) are candidates the player ruled
//	                         out, which the step starts from
//	POST /api/solve          puzzle → a solution (SAT)
//	POST /api/check          puzzle → unique, multiple (two solutions and the cells where
//	                         they differ) or unsolvable
//	POST /api/grade          puzzle → the human solver's difficulty report, with SAT
//	                         uniqueness alongside, and the band it falls in
//	POST /api/backbone       puzzle → the cells every solution agrees on, as `backbone
//	                         --format json` writes them, and their "values"
//	POST /api/count          puzzle + "max" (default 1000, at most 100000) → how many
//	                         solutions, as `count --format json` writes it
//	POST /api/minimize       puzzle → a maximal set of clues that can go together, each
//	                         removal proven, and the smaller puzzle's text, as `minimize
//	                         --format json` writes it (answer.EditRecord); 422 for a
//	                         puzzle that is not unique
//	POST /api/repair         puzzle → the fewest clues of its intended (else first)
//	                         solution that make it unique and the repaired text, or the
//	                         clues in conflict of an unsolvable one, as `repair --format
//	                         json` writes it
//	POST /api/generate       {"kind", "rows", "cols", "difficulty", "seed"} → a new puzzle
//	                         proven unique, with its grade, as `generate --format json`
//	                         writes it, and its "board"; seed is a string of digits (the
//	                         same seed, the same puzzle); a moves kind ("shift") scrambles
//	                         its "builtin" (no board: /api/moves/parse opens its text)
//	POST /api/edit           {"kind", "rows", "cols", "layers"} (the editor's tokens) → the
//	                         kind's text of the drawing, and the board it parses to or why not
//	POST /api/edit/open      puzzle → {"edit": ...}, the drawing that makes it
//	POST /api/moves/parse    {"kind", "text" | "builtin" | "example", "moves"} → a puzzle played by
//	                         moves (of any moves kind): picture, tokens, moves, goal, the state
//	POST /api/moves/apply    the same, answering the states along moves as `shift apply
//	                         --format json` writes them, and their "values"
//	POST /api/moves/solve    the same and "max_steps" → a shortest solution from the state
//	                         after moves, with the proof (one answer per depth)
//
// POST /api/generate and /api/moves/solve stream their progress as
// server-sent events when the request's Accept header asks for
// text/event-stream: "attempt" events (generate) or, for moves solve,
// "depth" events (one per depth SAT decides) and "bound" events (each
// lower bound the exact search proves, {"k", "at_ms"}), then one "result"
// or "error" event. Without it they answer once, at the end.
//
// Errors are JSON {"error": "..."}: 400 for a malformed body or puzzle
// (messages keep their line:column), 404 for an unknown path, 405 for a
// wrong method, 413 for a body over the limit, 415 for a POST that is not
// JSON, 422 for an answer that is no result (no puzzle of the band within
// the attempts; a grade whose human side and SAT disagree; minimize
// asked of a puzzle that is not unique), 408 for a body
// not sent within Options.ReadTimeout, 503 when the request runs out of
// time (Options.Timeout, whatever wrapped the error), when the server is
// busy (Options.Budget) or when a shutdown cuts it, 500 for a bug (a handler's
// panic is caught, logged and answered; the server goes on).
//
// # Safety
//
// Request bodies are bounded (Options.MaxBody), puzzles too
// (Options.MaxCells, and the shift limits), every solver call runs under
// the request's context with Options.Timeout, so a client that goes away
// stops its solve, and at most Options.Jobs solver requests run at once.
// At most Options.MaxConns connections are open, and Options.MaxClientConns
// of one client: idle and silent ones give way to new ones, so that idle
// clients cannot keep others out (Serve's listener, connLimit).
// Each request makes its own solvers from Options.Solver. No request names
// a file, a SAT back-end or a rules file: those are the server's choices.
// Options.Hosts, when set, rejects requests for other Host headers, so a
// web page elsewhere cannot reach a loopback server by DNS rebinding.
package serve
