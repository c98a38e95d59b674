// Package servecmd is `puzzlesat serve`: the web playground of package
// serve on a local address, until interrupted. It runs in the binary
// cmd/puzzlesat-serve, which puzzlesat runs for `puzzlesat serve`, so that
// the HTTP stack stays out of every other start of puzzlesat.
package servecmd

import (
	"fmt"
	"net"
	"os/signal"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/app/appio"
	"github.com/puzzlesat/puzzlesat/serve"
)

// Command returns the `serve` command, serving the kinds of the app it
// runs in (appio.Kinds).
func Command() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "a web playground: open, draw, play, check, grade and generate puzzles, solve shift puzzles (JSON API under /api/)",
		Description: "Serves the playground on --addr (loopback by default) until interrupted. The API is\n" +
			"documented in `go doc github.com/puzzlesat/puzzlesat/serve`.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT` (port 0: any free port); binding beyond loopback shows the playground to the network"},
			appio.SolverFlag,
			&cli.DurationFlag{Name: "timeout", Value: serve.DefaultTimeout, Usage: "longest a request may solve"},
			appio.AtLeast(&cli.IntFlag{Name: "max-cells", Value: serve.DefaultMaxCells, Usage: "largest puzzle taken, in rows × columns"}, 1),
			&cli.Int64Flag{Name: "max-body", Value: serve.DefaultMaxBody, Usage: "largest request body in bytes"},
			appio.JobsFlag("solver requests at once, and other requests at once besides (0: one per CPU)"),
			&cli.DurationFlag{Name: "read-timeout", Usage: "longest a request may take to send its headers and body (0: --timeout, at most 30s)"},
			&cli.DurationFlag{Name: "idle-timeout", Value: serve.DefaultIdleTimeout, Usage: "an idle keep-alive connection is closed after this long"},
			appio.AtLeast(&cli.IntFlag{Name: "max-conns", Value: serve.DefaultMaxConns, Usage: "connections open at once: at the cap, the one idle (or silent) the longest is closed to let a new one in, and only when all have a request under way does a new one wait; one client (IP address) keeps at most half of them busy"}, 1),
			&cli.DurationFlag{Name: "grace", Value: serve.DefaultGrace, Usage: "on SIGTERM or Ctrl-C, how long requests under way (and those waiting for a solver, on --jobs more) may finish before they are cut (503) and serve exits"},
		},
		Action: action,
	}
}

func action(c *cli.Context) error {
	if c.NArg() > 0 {
		return appio.Exit(appio.ExitBadInput, "serve takes no arguments (got %q)", c.Args().Slice())
	}
	newSolver, err := appio.Factory(c)
	if err != nil {
		return err
	}
	if c.Duration("timeout") <= 0 || c.Int64("max-body") <= 0 || c.Duration("read-timeout") < 0 || c.Duration("idle-timeout") <= 0 || c.Duration("grace") <= 0 {
		return appio.Exit(appio.ExitBadInput, "--timeout, --max-body, --idle-timeout and --grace must be positive, --read-timeout at least 0")
	}
	// SIGTERM (systemd, Docker, Kubernetes, puzzlesat passing its own on)
	// drains the server as Ctrl-C does. Both stay caught until the
	// server is down: a second one, from the terminal and from puzzlesat
	// at once, does not cut the drain short.
	ctx, stop := signal.NotifyContext(c.Context, stopSignals...)
	defer stop()
	addr := c.String("addr")
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return appio.Exit(appio.ExitBadInput, "cannot listen on %s: %v", addr, err)
	}
	defer ln.Close()
	opt := serve.Options{
		Kinds: appio.Kinds(c), Solver: newSolver, SolverName: c.String("solver"), Timeout: c.Duration("timeout"), MaxCells: c.Int("max-cells"),
		MaxBody: c.Int64("max-body"), Jobs: c.Int("jobs"), Log: c.App.ErrWriter,
		ReadTimeout: c.Duration("read-timeout"), IdleTimeout: c.Duration("idle-timeout"),
		MaxConns: c.Int("max-conns"), Grace: c.Duration("grace"),
	}
	host, port, _ := net.SplitHostPort(ln.Addr().String())
	if loopback(host) {
		// Only names of this machine: a page elsewhere that points its
		// own name at 127.0.0.1 (DNS rebinding) is refused.
		opt.Hosts = []string{"localhost", "127.0.0.1", "::1", strings.ToLower(host)}
	} else {
		given, _, _ := net.SplitHostPort(addr)
		if given == "" {
			given = "every interface"
		}
		fmt.Fprintf(c.App.ErrWriter, "puzzlesat: warning: serving on %s, beyond this machine: anyone who can reach it may make it solve (use --addr 127.0.0.1:%s to keep it local)\n", given, port)
	}
	s, err := serve.New(opt)
	if err != nil {
		return err
	}
	urlHost := host
	if strings.Contains(urlHost, ":") {
		urlHost = "[" + urlHost + "]"
	}
	if urlHost == "0.0.0.0" || urlHost == "[::]" {
		urlHost = "127.0.0.1"
	}
	fmt.Fprintf(c.App.Writer, "puzzlesat playground on http://%s:%s/ (Ctrl-C stops it)\n", urlHost, port)
	// Until ctx ends; then requests under way have --grace to finish,
	// those still running are cut with a 503, and serve exits 0.
	return s.Serve(ctx, ln)
}

// loopback reports whether host (an IP address) is a loopback address.
func loopback(host string) bool {
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
