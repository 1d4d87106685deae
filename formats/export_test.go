package formats

// Names the external tests use of what the package keeps to itself.
const Instead = instead

// MayName is mayName.
var MayName = mayName
