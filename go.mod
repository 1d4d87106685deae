module github.com/sudokugen/sudokugen

go 1.26.8

require (
	codeberg.org/go-pdf/fpdf v0.12.0
	github.com/crillab/gophersat v1.4.0
	github.com/pdfcpu/pdfcpu v0.15.0
	github.com/spf13/cobra v1.10.2
	golang.org/x/image v0.47.0
)

require (
	github.com/clipperhouse/uax29/v2 v2.7.0 // indirect
	github.com/hhrutter/tiff v1.0.6 // indirect
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/mattn/go-runewidth v0.0.27 // indirect
	github.com/spf13/pflag v1.0.10 // indirect
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/crypto v0.54.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
