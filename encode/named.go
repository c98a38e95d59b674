package encode

// LookupNamed returns the entry of all called name, or called def when name
// is "". The packages that offer several encodings of one thing under names
// (encode/card, kinds/shift/cnf) look them up through it, so that every name
// flag means the same; each writes its own error when ok is false.
func LookupNamed[E any](all []E, nameOf func(E) string, name, def string) (e E, ok bool) {
	if name == "" {
		name = def
	}
	for _, e := range all {
		if nameOf(e) == name {
			return e, true
		}
	}
	return e, false
}

// Names lists the names of all in order.
func Names[E any](all []E, nameOf func(E) string) []string {
	names := make([]string, len(all))
	for i, e := range all {
		names[i] = nameOf(e)
	}
	return names
}
