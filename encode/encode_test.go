package encode_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/puzzlesat/puzzlesat/encode"
)

// recorder is an encode.Adder that keeps what it is given.
type recorder struct {
	vars    int
	clauses [][]int
}

var _ encode.Adder = (*recorder)(nil)

func (r *recorder) NewVar() int { r.vars++; return r.vars }

func (r *recorder) AddClause(lits ...int) { r.clauses = append(r.clauses, slices.Clone(lits)) }

func TestBuilderVars(t *testing.T) {
	out := &recorder{}
	b := encode.NewBuilder(out)
	x := b.Var("x")
	aux := b.NewVar()
	y := b.Var("y")
	if again := b.Var("x"); again != x {
		t.Errorf("Var(x) twice: have %d then %d, want the same variable", x, again)
	}
	if x != 1 || aux != 2 || y != 3 || out.vars != 3 {
		t.Errorf("have x=%d aux=%d y=%d (sink allocated %d); want 1, 2, 3 (3)", x, aux, y, out.vars)
	}
	if have, want := b.Primary(), []int{x, y}; !slices.Equal(have, want) {
		t.Errorf("Primary() = %v, want %v", have, want)
	}
	for _, tt := range []struct {
		v    int
		want string
	}{{x, "x"}, {y, "y"}, {aux, ""}, {99, ""}} {
		if have := b.Name(tt.v); have != tt.want {
			t.Errorf("Name(%d) = %q, want %q", tt.v, have, tt.want)
		}
	}
	if v, ok := b.Lookup("y"); !ok || v != y {
		t.Errorf("Lookup(y) = %d, %v; want %d, true", v, ok, y)
	}
	if v, ok := b.Lookup("z"); ok {
		t.Errorf("Lookup(z) = %d, true; want not found", v)
	}
	if b.Out() != encode.Adder(out) {
		t.Errorf("Out() is not the sink the builder was made with")
	}
}

// TestBuilderPrimaryCopy checks that callers cannot change the builder
// through the slice Primary returns.
func TestBuilderPrimaryCopy(t *testing.T) {
	b := encode.NewBuilder(&recorder{})
	b.Var("a")
	p := b.Primary()
	p[0] = 42
	if have := b.Primary()[0]; have != 1 {
		t.Errorf("after changing the returned slice, Primary()[0] = %d, want 1", have)
	}
}

func TestBuilderClauses(t *testing.T) {
	out := &recorder{}
	b := encode.NewBuilder(out)
	x, y := b.Var("x"), b.Var("y")
	b.AddClause(x, y)
	b.AddClause(-x)
	b.AddClause()
	want := [][]int{{x, y}, {-x}, {}}
	if b.Clauses() != len(want) {
		t.Errorf("Clauses() = %d, want %d", b.Clauses(), len(want))
	}
	if !slices.EqualFunc(out.clauses, want, slices.Equal) {
		t.Errorf("sink got %v, want %v", out.clauses, want)
	}
}

func TestGuard(t *testing.T) {
	out := &recorder{}
	g := out.NewVar()
	h := out.NewVar()
	a := encode.Guard(out, g)
	v := a.NewVar()
	a.AddClause(v, -1)
	a.AddClause()
	encode.Guard(a, h).AddClause(v) // guards nest
	want := [][]int{{-g, v, -1}, {-g}, {-g, -h, v}}
	if !slices.EqualFunc(out.clauses, want, slices.Equal) {
		t.Errorf("have %v, want %v", out.clauses, want)
	}
	if v != 3 || out.vars != 3 {
		t.Errorf("NewVar through the guard: have %d (sink at %d), want 3 (3)", v, out.vars)
	}
}

// TestGuardCallerSlice checks that guarding does not write into the
// caller's slice.
func TestGuardCallerSlice(t *testing.T) {
	out := &recorder{}
	lits := make([]int, 2, 8)
	lits[0], lits[1] = 1, 2
	encode.Guard(out, 5).AddClause(lits...)
	if have := lits[:cap(lits)][:3]; !slices.Equal(have, []int{1, 2, 0}) {
		t.Errorf("caller's slice changed to %v", have)
	}
}

func ExampleGuard() {
	out := &recorder{}
	b := encode.NewBuilder(out)
	x, y, rule := b.Var("x"), b.Var("y"), b.Var("rule")
	// "if rule then x or y", without the encoder knowing about rule.
	encode.Guard(b, rule).AddClause(x, y)
	fmt.Println(out.clauses)
	// Output: [[-3 1 2]]
}

func TestBuildBounds(t *testing.T) {
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name    string
		ctx     context.Context
		maxLits int
		maxVars int
		clauses int
		want    error
	}{
		{"within", context.Background(), 100, 100, 50, nil},
		{"too many literals", context.Background(), 100, 0, 51, encode.ErrTooLarge},
		{"too many variables", context.Background(), 0, 100, 51, encode.ErrTooLarge},
		{"no bound", nil, 0, 0, 10000, nil},
		{"cancelled", cancelled, 0, 0, 10000, context.Canceled},
	}
	for _, tt := range tests {
		f := &recorder{}
		b := encode.NewBuilder(f)
		b.Limit(tt.ctx, tt.maxLits, tt.maxVars)
		_, err := b.Build(func(b *encode.Builder) (encode.Layout, error) {
			for i := 0; i < tt.clauses; i++ {
				b.AddClause(b.NewVar(), -b.NewVar())
			}
			return encode.Layout{}, nil
		})
		if !errors.Is(err, tt.want) {
			t.Errorf("%s: have %v, want %v", tt.name, err, tt.want)
		}
		if tt.want != nil && len(f.clauses) >= tt.clauses {
			t.Errorf("%s: all %d clauses reached the sink, want the encoding abandoned", tt.name, len(f.clauses))
		}
	}
}
