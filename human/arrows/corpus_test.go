package arrows

// The SAT-certified solves of the corpus and the audits of the rules
// files are crosscheck's tests (crosscheck/audit_test.go): a SAT oracle
// sits above this package.
