package rulesearch

// RandomRules is randomRules, for the tests of package variant_test.
var RandomRules = randomRules

// NewModelWith is newModel, for tests of clauses that no kind gives yet.
var NewModelWith = newModel
