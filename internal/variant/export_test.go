package variant

// RandomRules is randomRules, for the tests of package variant_test.
var RandomRules = randomRules
