package serve_test

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/sudokugen/sudokugen/serve"
	"github.com/sudokugen/sudokugen/worker"
)

// A server on a pool that runs jobs in this process, asked about one
// puzzle.
func Example() {
	pool := worker.New(worker.Config{})
	defer pool.Close()
	srv, err := serve.New(serve.Config{Engine: pool})
	if err != nil {
		fmt.Println(err)
		return
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()

	puzzle := "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	resp, err := http.Post(ts.URL+"/v1/verify", "text/plain", strings.NewReader(puzzle))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	fmt.Println(resp.Status)
	fmt.Print(string(body))
	// Output:
	// 200 OK
	// {"results":[{"index":0,"file":"body","line":1,"puzzle":"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79","status":"unique","proof":"propagation","count":1,"count_exact":true,"solution":"534678912672195348198342567859761423426853791713924856961537284287419635345286179","solutions":["534678912672195348198342567859761423426853791713924856961537284287419635345286179"],"error":null}],"counts":{"unique":1}}
}
