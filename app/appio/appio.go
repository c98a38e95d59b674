// Package appio holds what every puzzlesat command shares: exit codes,
// the common flags (--solver, --timeout, --format, the global
// --max-input), reading FILE or "-" once and up to the cap, and writing
// text or JSON.
package appio

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/puzzlesat/puzzlesat/app/interrupt"
	"github.com/urfave/cli/v2"

	"github.com/puzzlesat/puzzlesat/encode"
	"github.com/puzzlesat/puzzlesat/encode/card"
	"github.com/puzzlesat/puzzlesat/kinds"
	"github.com/puzzlesat/puzzlesat/kinds/kind"
	"github.com/puzzlesat/puzzlesat/sat"
	"github.com/puzzlesat/puzzlesat/sat/solvers"
	"github.com/puzzlesat/puzzlesat/shard"
	"github.com/puzzlesat/puzzlesat/srcpos"
)

// Exit codes shared by the puzzle commands. cnf solve uses the SAT
// competition's 10/20 instead (see sat.Status).
const (
	ExitOK       = 0
	ExitNo       = 1 // a definite negative answer: multiple, unsolvable, invalid
	ExitBadInput = 2
	ExitTimeout  = 3
)

// Exit returns an error that makes the app exit with code after printing msg
// (if any) to stderr.
func Exit(code int, format string, args ...any) error {
	return cli.Exit(fmt.Sprintf(format, args...), code)
}

// BadInput wraps err as an exit-2 error; the message keeps err's position.
func BadInput(err error) error { return cli.Exit(err.Error(), ExitBadInput) }

// Shard reads --shard, with "auto" from the environment; a bad value is
// bad input (exit 2).
func Shard(c *cli.Context) (shard.Shard, error) {
	s, err := shard.Parse(c.String("shard"), os.Getenv)
	if err != nil {
		return shard.Shard{}, Exit(ExitBadInput, "--shard: %v", err)
	}
	return s, nil
}

// Context returns the command's context with --timeout applied.
func Context(c *cli.Context) (context.Context, context.CancelFunc) {
	ctx := c.Context
	if ctx == nil {
		ctx = context.Background()
	}
	if d := c.Duration("timeout"); d > 0 {
		return context.WithTimeout(ctx, d)
	}
	return context.WithCancel(ctx)
}

// NewSolver returns a fresh solver for --solver.
func NewSolver(c *cli.Context) (sat.Solver, error) {
	s, err := solvers.New(c.String("solver"))
	if err != nil {
		return nil, cli.Exit(err.Error(), ExitBadInput)
	}
	return s, nil
}

// Factory resolves --solver once into what makes fresh solvers of that
// back-end, for the packages that drive solvers (solve, crosscheck,
// generate, kinds/shift/solve/deepen); an unknown back-end is bad input (exit 2).
func Factory(c *cli.Context) (sat.Factory, error) {
	f, err := solvers.Factory(c.String("solver"))
	if err != nil {
		return nil, cli.Exit(err.Error(), ExitBadInput)
	}
	return f, nil
}

// JSON reports whether --format json was given (FormatFlag's Action has
// refused any format but text and json before the command runs).
func JSON(c *cli.Context) bool { return c.String("format") == "json" }

// checkFormat is FormatFlag's Action: text or json, or bad input.
func checkFormat(_ *cli.Context, f string) error {
	switch f {
	case "", "text", "json":
		return nil
	}
	return Exit(ExitBadInput, "unknown --format %q (want text or json)", f)
}

// DefaultMaxInput is the cap on one input's size without --max-input.
const DefaultMaxInput = 64 << 20

// MaxInputFlag is the global --max-input, which every binary of puzzlesat
// has (app.NewWith); PUZZLESAT_MAX_INPUT sets it too, and carries it to the
// binaries puzzlesat runs (render, generate, bench, serve).
var MaxInputFlag = &cli.StringFlag{Name: "max-input", EnvVars: []string{MaxInputEnv},
	Usage: "refuse an input (a file, standard input) larger than `SIZE` (bytes, or with KB, MB, GB) without reading it whole (default: 64MB)"}

// MaxInputEnv is the environment variable behind --max-input.
const MaxInputEnv = "PUZZLESAT_MAX_INPUT"

// ParseSize reads a size: a count of bytes, or one followed by KB, MB or
// GB (powers of 1024; K, M, G and a space allowed).
func ParseSize(s string) (int64, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	mult := int64(1)
	for _, u := range []struct {
		suffix string
		mult   int64
	}{{"KB", 1 << 10}, {"MB", 1 << 20}, {"GB", 1 << 30}, {"K", 1 << 10}, {"M", 1 << 20}, {"G", 1 << 30}, {"B", 1}} {
		if strings.HasSuffix(t, u.suffix) {
			t, mult = strings.TrimSpace(strings.TrimSuffix(t, u.suffix)), u.mult
			break
		}
	}
	n, err := strconv.ParseInt(t, 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult-1 {
		return 0, fmt.Errorf("size %q: want a positive count of bytes, or one with KB, MB or GB", s)
	}
	return n * mult, nil
}

// MaxInput is the cap on one input's size: --max-input, or
// DefaultMaxInput. A bad value is bad input (exit 2).
func MaxInput(c *cli.Context) (int64, error) {
	s := c.String(MaxInputFlag.Name)
	if s == "" {
		s = os.Getenv(MaxInputEnv) // an app without the flag
	}
	if s == "" {
		return DefaultMaxInput, nil
	}
	n, err := ParseSize(s)
	if err != nil {
		return 0, Exit(ExitBadInput, "--max-input: %v", err)
	}
	return n, nil
}

// ErrTooLarge is what reading an input past its cap returns.
var ErrTooLarge = errors.New("input too large")

// ReadInput reads a file, or standard input for "-", once: a FIFO or a
// process substitution (<(cmd)) can be read only once, so callers pass the
// bytes on rather than open the name again. The name returned is the one to
// use in messages. An input past MaxInput is refused (exit 2) without
// reading it whole: a regular file by its size, anything else after
// MaxInput+1 bytes.
func ReadInput(c *cli.Context, name string) (string, []byte, error) {
	name, in, err := OpenInput(c, name)
	if err != nil {
		return name, nil, err
	}
	defer in.Close()
	data, err := io.ReadAll(in)
	if err != nil {
		return name, nil, in.Err(err)
	}
	return name, data, nil
}

// Input is an input opened as a stream (OpenInput): it gives at most
// MaxInput bytes, then fails with ErrTooLarge.
type Input struct {
	io.Reader
	name   string
	limit  int64
	closer io.Closer
}

// Close closes the file (not standard input).
func (in *Input) Close() error {
	if in.closer == nil {
		return nil
	}
	return in.closer.Close()
}

// Err is the exit-2 error for err, an error met reading in (ErrTooLarge:
// past the cap), or nil.
func (in *Input) Err(err error) error { return inputError(in.name, in.limit, err) }

// Over is the exit-2 error saying that in ran past the cap, once a read
// found it did (a reader of the stream may have taken that for its end),
// or nil.
func (in *Input) Over() error {
	if c, ok := in.Reader.(*cappedReader); ok && c.over {
		return in.Err(ErrTooLarge)
	}
	return nil
}

// OpenInput opens a file, or standard input for "-", to be read once as a
// stream, so that an input of many puzzles is worked through without being
// held. The name returned is the one to use in messages. An input past
// MaxInput is refused (exit 2): a regular file by its size, at once,
// anything else when a read passes MaxInput bytes (ErrTooLarge).
func OpenInput(c *cli.Context, name string) (string, *Input, error) {
	limit, err := MaxInput(c)
	if err != nil {
		return name, nil, err
	}
	if name == "-" {
		// A stream can keep the run waiting as long as it likes: from
		// here a signal stops it cleanly (app/interrupt).
		interrupt.Start(c.Context)
		name = "<stdin>"
		return name, &Input{Reader: capped(c.App.Reader, limit), name: name, limit: limit}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return name, nil, cli.Exit(err.Error(), ExitBadInput)
	}
	if st, err := f.Stat(); err == nil && !st.Mode().IsRegular() {
		interrupt.Start(c.Context) // a pipe or a FIFO: a stream, as above
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > limit {
		f.Close()
		return name, nil, inputError(name, limit, ErrTooLarge)
	}
	return name, &Input{Reader: capped(f, limit), name: name, limit: limit, closer: f}, nil
}

// capped gives what r gives up to limit bytes, then ErrTooLarge if r has
// more.
func capped(r io.Reader, limit int64) io.Reader { return &cappedReader{r: r, left: limit} }

type cappedReader struct {
	r    io.Reader
	left int64
	over bool
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// One byte more says whether the input goes on past the cap.
		var one [1]byte
		n, err := io.ReadFull(c.r, one[:])
		if n > 0 {
			c.over = true
			return 0, ErrTooLarge
		}
		if err == io.ErrUnexpectedEOF {
			err = io.EOF
		}
		return 0, err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// ReadCapped reads r to its end, or fails with ErrTooLarge once it has
// given more than limit bytes (reading limit+1 of them, no more).
func ReadCapped(r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err == nil && int64(len(data)) > limit {
		return nil, ErrTooLarge
	}
	return data, err
}

// inputError is ReadInput's exit-2 error for err, or nil.
func inputError(name string, limit int64, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrTooLarge):
		return Exit(ExitBadInput, "%s: input larger than %s, the cap on one input; --max-input SIZE (before the command) raises it", name, FormatSize(limit))
	}
	return cli.Exit(err.Error(), ExitBadInput)
}

// FormatSize writes n bytes as ParseSize reads it: in GB, MB or KB when
// it is a whole number of them.
func FormatSize(n int64) string {
	for _, u := range []struct {
		name string
		mult int64
	}{{"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}} {
		if n%u.mult == 0 {
			return strconv.FormatInt(n/u.mult, 10) + " " + u.name
		}
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// WriteJSON writes v as one line of JSON. Names such as "<stdin>" are
// written as they are: the output is for programs, not HTML.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// Emit writes one report: rec as one line of JSON when asJSON, else the
// text that text writes.
func Emit(w io.Writer, asJSON bool, rec any, text func(w io.Writer)) error {
	if asJSON {
		return WriteJSON(w, rec)
	}
	// One write a record: a text answer is many short lines, and a write
	// each was a system call each.
	var buf bytes.Buffer
	text(&buf)
	_, err := w.Write(buf.Bytes())
	return err
}

// Failure is the exit-coded error for err, an error that ended one
// puzzle's work: err itself when it carries a code, 3 for a deadline, and 2
// otherwise — an encoding over its budget is bad input (the puzzle is too
// large to take on as given), and the message says what --card can do.
func Failure(err error) cli.ExitCoder {
	var ec cli.ExitCoder
	switch {
	case errors.As(err, &ec):
		return ec
	case IsTimeout(err):
		return cli.Exit("timed out", ExitTimeout)
	case errors.Is(err, encode.ErrTooLarge):
		return cli.Exit(fmt.Sprintf("%v (the bound keeps a run under a gigabyte); the cardinality constraints are what usually grows: "+
			"--card chooses their encoding (%s), and --card native --solver gophersat keeps them out of the CNF",
			err, strings.Join(card.Names(), ", ")), ExitBadInput)
	}
	return cli.Exit(err.Error(), ExitBadInput)
}

// maxReported bounds the positioned errors Report prints of one input.
const maxReported = 20

// Report writes err on w, one line per positioned error when it is a
// srcpos.ErrorList (the first maxReported of them), every line prefixed
// "puzzlesat: ". A cli.ExitCoder with an empty message writes nothing.
func Report(w io.Writer, err error) {
	var l srcpos.ErrorList
	if !errors.As(err, &l) || len(l) == 0 {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(w, "puzzlesat:", msg)
		}
		return
	}
	for i, e := range l {
		if i == maxReported {
			fmt.Fprintf(w, "puzzlesat: … and %d more\n", len(l)-i)
			break
		}
		fmt.Fprintln(w, "puzzlesat:", e)
	}
}

// Millis returns d in milliseconds as a float, for "ms" fields.
func Millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// IsTimeout reports whether err is a context deadline or cancellation.
func IsTimeout(err error) bool {
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled)
}

// Progress returns w when it is a terminal and io.Discard otherwise:
// progress lines rewrite themselves with "\r", which belongs on a screen,
// never in a log file or a pipe.
func Progress(w io.Writer) io.Writer {
	if IsTerminal(w) {
		return w
	}
	return io.Discard
}

// IsTerminal reports whether w is a character device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := Unwrap(w).(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// Unwrap returns the writer under w (a standard stream made to start
// catching signals on its first write: app/interrupt's OnWrite), or w.
func Unwrap(w io.Writer) io.Writer {
	for {
		u, ok := w.(interface{ Unwrap() io.Writer })
		if !ok {
			return w
		}
		w = u.Unwrap()
	}
}

// Anywhere lets flags follow the positional arguments (urfave/cli stops at
// the first one): it sets the flags it finds among them and passes the rest
// on.
func Anywhere(action func(*cli.Context, []string) error) cli.ActionFunc {
	return func(c *cli.Context) error {
		args := c.Args().Slice()
		var pos []string
		for i := 0; i < len(args); i++ {
			a := args[i]
			if a == "--" {
				pos = append(pos, args[i+1:]...)
				break
			}
			// "-" is standard input and "-#SEL" one puzzle of it.
			if a == "-" || strings.HasPrefix(a, "-#") || !strings.HasPrefix(a, "-") {
				pos = append(pos, a)
				continue
			}
			name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
			var flag cli.Flag
			for _, f := range c.Command.Flags {
				for _, n := range f.Names() {
					if n == name {
						flag = f
					}
				}
			}
			if flag == nil {
				return Exit(ExitBadInput, "unknown flag %s", a)
			}
			if !hasVal {
				if _, isBool := flag.(*cli.BoolFlag); isBool {
					val = "true"
				} else if i+1 < len(args) {
					i++
					val = args[i]
				} else {
					return Exit(ExitBadInput, "flag %s needs a value", a)
				}
			}
			// Set the flag by its first name: urfave/cli copies values
			// between a flag's names only while it parses.
			if err := c.Set(flag.Names()[0], val); err != nil {
				return Exit(ExitBadInput, "flag %s: %v", a, err)
			}
			// Its Action, as urfave/cli runs those of the flags it parsed.
			if af, ok := flag.(cli.ActionableFlag); ok {
				if err := af.RunAction(c); err != nil {
					return err
				}
			}
		}
		return action(c, pos)
	}
}

// kindsKey is where an app keeps its registry (App.Metadata).
const kindsKey = "puzzlesat.kinds"

// SetKinds hands the app a registry, reg, which its commands' actions
// read (Kinds): app.NewWith calls it with the registry the commands were
// built from.
func SetKinds(a *cli.App, reg *kinds.Registry) {
	if a.Metadata == nil {
		a.Metadata = map[string]any{}
	}
	a.Metadata[kindsKey] = reg
}

// Kinds is the registry of the app c runs in (SetKinds): the kinds its
// commands read, look up and detect.
func Kinds(c *cli.Context) *kinds.Registry {
	if c.App != nil {
		if reg, ok := c.App.Metadata[kindsKey].(*kinds.Registry); ok {
			return reg
		}
	}
	panic("appio: the app was handed no registry of kinds (app.NewWith)")
}

// KindsWith is what a command that needs a part of a kind works on (has
// says whether a kind has it; what names it for the message): the kind
// --kind names, refused when it lacks the part, or without --kind every
// grid kind that has it.
func KindsWith(c *cli.Context, what string, has func(*kind.Kind) bool) ([]*kind.Kind, error) {
	if name := c.String("kind"); name != "" {
		k, err := Kinds(c).Lookup(name)
		if err != nil {
			return nil, BadInput(err)
		}
		if !has(k) {
			return nil, Exit(ExitBadInput, "--kind %s: the kind has no %s", name, what)
		}
		return []*kind.Kind{k}, nil
	}
	var out []*kind.Kind
	for _, k := range Kinds(c).List() {
		if has(k) {
			out = append(out, k)
		}
	}
	return out, nil
}

// KindFlags are the flags the kinds of reg declare (Registry.Flags), for
// every command that reads puzzles.
func KindFlags(reg *kinds.Registry) []cli.Flag { return cliFlags(reg.Flags()) }

// GenFlags are the generation flags the kinds of reg declare
// (Registry.GenFlags: Shinro's --stones), for the command that generates.
func GenFlags(reg *kinds.Registry) []cli.Flag { return cliFlags(reg.GenFlags()) }

// cliFlags are the kinds' flags fs as command-line flags.
func cliFlags(fs []kind.Flag) []cli.Flag {
	var out []cli.Flag
	for _, f := range fs {
		out = append(out, &cli.StringFlag{Name: f.Name, Value: f.Default, Usage: f.Usage})
	}
	return out
}

// KindOptions reads the kinds' flags (KindFlags), their generation flags
// (GenFlags) where the command has them, and --card, refusing a value a
// kind's flag does not take. A flag left empty is not set: the kind reads
// its default.
func KindOptions(c *cli.Context) (kind.Options, error) {
	o := kind.Options{Card: c.String("card"), Flags: map[string]string{}}
	reg := Kinds(c)
	for _, f := range append(reg.Flags(), reg.GenFlags()...) {
		v := c.String(f.Name)
		if v == "" {
			continue
		}
		if err := f.Check(v); err != nil {
			return o, Exit(ExitBadInput, "unknown --%s %q (want %s)", f.Name, v, strings.Join(f.Values, " or "))
		}
		o.Flags[f.Name] = v
	}
	return o, nil
}

// IsURL reports whether arg is a puzzle URL rather than a file name: an
// http(s) URL (puzz.link's, the playground's https://host/?KIND/…), a
// puzz.link or pzv.jp address without its scheme, or a bare playground
// query (/p?KIND/…, ?KIND/…) that names no file.
func IsURL(arg string) bool {
	switch {
	case strings.HasPrefix(arg, "http://"), strings.HasPrefix(arg, "https://"),
		strings.Contains(arg, "puzz.link/p?"), strings.Contains(arg, "pzv.jp/p"):
		return true
	}
	i := strings.IndexByte(arg, '?')
	if i < 0 || i+1 >= len(arg) {
		return false
	}
	if _, err := os.Stat(arg); err == nil {
		return false
	}
	query := arg[i+1:]
	slash := strings.IndexByte(query, '/')
	if slash <= 0 {
		return false
	}
	for _, r := range query[:slash] {
		if r < 'a' || r > 'z' {
			return false
		}
	}
	return true
}

// ReadArg reads the input arg names: a URL (IsURL) is its own data,
// anything else what ReadInput reads.
func ReadArg(c *cli.Context, arg string) (string, []byte, error) {
	if IsURL(arg) {
		return arg, []byte(arg), nil
	}
	return ReadInput(c, arg)
}
