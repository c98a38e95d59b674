package depgraph

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestPackageTable: the package table of docs/pipeline.md names every
// package of the module, and every package it names exists. A name may be a pattern:
// "x/..." is x and everything below, "x/<kind>" any one package below x, "x/<kind>/y" y below any one of them.
func TestPackageTable(t *testing.T) {
	data, err := os.ReadFile("../../docs/pipeline.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(data), "| package | job |")
	if !ok {
		t.Fatal("docs/pipeline.md has no \"| package | job |\" table")
	}
	table, _, _ = strings.Cut(table, "\n\n")
	var names []string
	cell := regexp.MustCompile("`([^`]+)`")
	for _, line := range strings.Split(table, "\n") {
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|")
		for _, m := range cell.FindAllStringSubmatch(first, -1) {
			names = append(names, m[1])
		}
	}
	// A name is a Match pattern with "<kind>" for the "*" of one kind.
	matches := func(name, pkg string) bool {
		return Match(strings.ReplaceAll(name, "<kind>", "*"), pkg)
	}
	pkgs := modulePackages(t)
	for _, p := range pkgs {
		found := false
		for _, n := range names {
			found = found || matches(n, p.Path)
		}
		if !found {
			t.Errorf("package %s is not in the package table of docs/pipeline.md", p.Path)
		}
	}
	for _, n := range names {
		found := false
		for _, p := range pkgs {
			found = found || matches(n, p.Path)
		}
		if !found {
			t.Errorf("the package table of docs/pipeline.md names %s, which is no package", n)
		}
	}
}

// TestDocLinks: every relative link of README.md and docs/*.md (a
// picture's too) names a file of the tree, and its #anchor, when it has
// one, a heading of the markdown file it names, so that moving a section
// or a page cannot leave a reader at a dead link.
func TestDocLinks(t *testing.T) {
	const root = "../../"
	pages, err := filepath.Glob(root + "docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append([]string{root + "README.md"}, pages...)
	if len(pages) < 2 {
		t.Fatal("no pages in docs/")
	}
	linked := map[string]bool{}
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		name := strings.TrimPrefix(page, root)
		for _, target := range markdownLinks(string(data)) {
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			file, anchor, _ := strings.Cut(target, "#")
			path := page
			if file != "" {
				path = filepath.Join(filepath.Dir(page), filepath.FromSlash(file))
			}
			linked[filepath.Clean(path)] = true
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %s: no such file", name, target)
				continue
			}
			if anchor == "" {
				continue
			}
			if !strings.HasSuffix(path, ".md") {
				t.Errorf("%s: link %s: an anchor into a file that is not markdown", name, target)
				continue
			}
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Contains(markdownAnchors(string(text)), anchor) {
				t.Errorf("%s: link %s: %s has no heading with anchor #%s", name, target, strings.TrimPrefix(filepath.ToSlash(path), root), anchor)
			}
		}
	}
	// Every page of docs/ is reached from the README.
	for _, page := range pages[1:] {
		if !linked[filepath.Clean(page)] {
			t.Errorf("%s: no link of README.md or docs/ leads to it", strings.TrimPrefix(page, root))
		}
	}
}

var (
	// fence is a fenced code block; codeSpan an inline one. Neither holds
	// links or headings.
	fence    = regexp.MustCompile("(?ms)^```.*?^```[^\n]*$")
	codeSpan = regexp.MustCompile("`[^`\n]*`")
	// link is a markdown link or picture: its target, up to a blank or
	// the closing parenthesis.
	link = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)
	// heading is an ATX heading's text.
	heading = regexp.MustCompile(`(?m)^#{1,6}[ \t]+(.+?)[ \t#]*$`)
	// notInAnchor is what GitHub drops from a heading to make its anchor.
	notInAnchor = regexp.MustCompile(`[^\p{L}\p{N}\- _]`)
)

// markdownLinks are the link targets of a markdown text, in order.
func markdownLinks(text string) []string {
	text = codeSpan.ReplaceAllString(fence.ReplaceAllString(text, ""), "")
	var targets []string
	for _, m := range link.FindAllStringSubmatch(text, -1) {
		targets = append(targets, m[1])
	}
	return targets
}

// markdownAnchors are the anchors of a markdown text's headings as GitHub
// makes them: lower case, the punctuation dropped, blanks as hyphens, a
// repeated anchor numbered (-1, -2, ...).
func markdownAnchors(text string) []string {
	text = fence.ReplaceAllString(text, "")
	seen := map[string]int{}
	var anchors []string
	for _, m := range heading.FindAllStringSubmatch(text, -1) {
		a := strings.ToLower(m[1])
		a = strings.ReplaceAll(a, "`", "")
		a = notInAnchor.ReplaceAllString(a, "")
		a = strings.ReplaceAll(a, " ", "-")
		if n := seen[a]; n > 0 {
			anchors = append(anchors, fmt.Sprintf("%s-%d", a, n))
		} else {
			anchors = append(anchors, a)
		}
		seen[a]++
	}
	return anchors
}

// TestMarkdownAnchors holds the anchor rule to headings GitHub renders.
func TestMarkdownAnchors(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"# The playground's API", "the-playgrounds-api"},
		{"## Picking one puzzle of a file: `FILE#SEL`", "picking-one-puzzle-of-a-file-filesel"},
		{"### Past one machine: cubes, shards, merge", "past-one-machine-cubes-shards-merge"},
		{"## Juosan `check` (encode, solve, prove unique)", "juosan-check-encode-solve-prove-unique"},
		{"## A\n## A", "a a-1"},
		{"```sh\n# a comment, not a heading\n```\n## B", "b"},
		{"#!/bin/sh\n#SBATCH x", ""},
	} {
		if got := strings.Join(markdownAnchors(tc.text), " "); got != tc.want {
			t.Errorf("%q: anchors %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestMarkdownLinks: links and pictures, not what code shows.
func TestMarkdownLinks(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"see [a](docs/a.md) and ![p](docs/p.png)", "docs/a.md docs/p.png"},
		{"[x](a.md#b \"title\")", "a.md#b"},
		{"`[x](not.md)` and\n```\n[y](nor.md)\n```\n[z](yes.md)", "yes.md"},
		{"[w](https://example.com/x)", "https://example.com/x"},
	} {
		if got := strings.Join(markdownLinks(tc.text), " "); got != tc.want {
			t.Errorf("%q: links %q, want %q", tc.text, got, tc.want)
		}
	}
}
