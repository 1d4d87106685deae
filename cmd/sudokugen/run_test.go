package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// newStreams returns streams over stdin and two buffers.
func newStreams(stdin string) (*streams, *bytes.Buffer, *bytes.Buffer) {
	var out, errb bytes.Buffer
	return &streams{In: strings.NewReader(stdin), Out: &out, Err: &errb}, &out, &errb
}

// The commands run without cobra: an options struct and runX.
func TestRunDirect(t *testing.T) {
	multi := strings.Repeat(".", 81)
	tests := []struct {
		name     string
		run      func(s *streams) error
		stdin    string
		want     string
		wantCode int
	}{
		{"verify", func(s *streams) error {
			return runVerify(context.Background(), verifyOptions{io: s, countLimit: 2, listing: listing{quiet: true}, in: inputFlags{maxLine: 1 << 20}})
		}, easy + "\n" + multi + "\n", "<stdin>:1: unique\n<stdin>:2: multiple: at least 2 solutions;", exitNotOK},
		{"solve", func(s *streams) error {
			return runVerify(context.Background(), verifyOptions{io: s, solve: true, countLimit: 2, listing: listing{quiet: true}, in: inputFlags{maxLine: 1 << 20}})
		}, easy + "\n", easySol + "\n", exitOK},
		{"rate", func(s *streams) error {
			return runRate(context.Background(), rateOptions{io: s, listing: listing{quiet: true}, in: inputFlags{maxLine: 1 << 20}, pool: poolFlags{workers: 1}})
		}, easy + "\n", "<stdin>:1: easy ", exitOK},
		{"generate", func(s *streams) error {
			return runGenerate(context.Background(), generateOptions{io: s, count: 2, size: "4", seed: "1", format: "line", quiet: true})
		}, "", "", exitOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, out, errb := newStreams(tt.stdin)
			err := tt.run(s)
			code := exitOK
			var ee *exitError
			if errors.As(err, &ee) {
				code = ee.code
			} else if err != nil {
				t.Fatalf("run%s = %v", tt.name, err)
			}
			if code != tt.wantCode || !strings.HasPrefix(out.String(), tt.want) {
				t.Errorf("run%s: exit %d, stdout %q (stderr %q); want exit %d, stdout starting %q", tt.name, code, out, errb, tt.wantCode, tt.want)
			}
			if tt.name == "generate" && strings.Count(out.String(), "\n") != 2 {
				t.Errorf("runGenerate -n 2: %q, want two lines", out)
			}
		})
	}
}
