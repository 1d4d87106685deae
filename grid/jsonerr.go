package grid

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// JSONSyntax says what is wrong with JSON that could not be read, in this
// project's words rather than encoding/json's ("invalid character ','
// looking for beginning of value", "unexpected EOF"): it returns the
// message and true for a *json.SyntaxError or JSON that ends early, and
// false for any other error. Where it is wrong (line and column) is the
// caller's to say, from the error's offset.
func JSONSyntax(err error) (string, bool) {
	var se *json.SyntaxError
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return "it ends inside a value: a bracket, brace or quote is not closed", true
	case !errors.As(err, &se):
		return "", false
	}
	msg := se.Error()
	if msg == "unexpected end of JSON input" {
		return "it ends inside a value: a bracket, brace or quote is not closed", true
	}
	rest, ok := strings.CutPrefix(msg, "invalid character ")
	if !ok {
		return "not valid JSON", true
	}
	// rest is 'c' then what the decoder was doing; the character is quoted
	// as Go quotes a rune, which may itself hold a quote
	end := strings.LastIndex(rest, "' ")
	if !strings.HasPrefix(rest, "'") || end < 1 {
		return "not valid JSON", true
	}
	c, context := rest[:end+1], rest[end+2:]
	return syntaxWords(c, context), true
}

// syntaxWords says what a character c (quoted) found where the decoder
// was in context (encoding/json's words) means.
func syntaxWords(c, context string) string {
	switch {
	case context == "exceeded max depth":
		return fmt.Sprintf("arrays and objects nested more than %d deep, at %s", 10000, c)
	case context == "looking for beginning of value":
		return fmt.Sprintf("want a value (an object, array, string, number, true, false or null), found %s", c)
	case context == "looking for beginning of object key string":
		return fmt.Sprintf("want a key in double quotes or '}', found %s", c)
	case context == "after object key":
		return fmt.Sprintf("want ':' after a key, found %s", c)
	case context == "after object key:value pair":
		return fmt.Sprintf("want ',' or '}' after a value in an object, found %s", c)
	case context == "after array element":
		return fmt.Sprintf("want ',' or ']' after a value in an array, found %s", c)
	case context == "after top-level value":
		return fmt.Sprintf("more after the end of the JSON value, starting with %s", c)
	case context == "in string literal":
		return fmt.Sprintf("a control character (%s) in a string: write it escaped, such as \\n", c)
	case context == "in string escape code", strings.HasPrefix(context, "in \\u hexadecimal"):
		return fmt.Sprintf("a bad escape in a string at %s: want \\\", \\\\, \\/, \\b, \\f, \\n, \\r, \\t or \\u and 4 hex digits", c)
	case context == "in numeric literal", strings.HasPrefix(context, "after decimal point"), strings.HasPrefix(context, "in exponent"):
		return fmt.Sprintf("a malformed number at %s", c)
	case strings.HasPrefix(context, "in literal "):
		word, _, _ := strings.Cut(strings.TrimPrefix(context, "in literal "), " ")
		return fmt.Sprintf("a misspelled %s at %s", word, c)
	}
	return fmt.Sprintf("not valid JSON at %s", c)
}
