package herald_test

// Tests against a running Herald (sdks/go/test.sh, run by `npm test` with a stack started for
// it): HERALD_URL is the gateway, HERALD_ADMIN_TOKEN its ADMIN_TOKEN. Each run creates its own
// projects through the admin API, so runs never see each other's data. Without HERALD_URL these
// tests are skipped (go test ./... on a laptop without a stack).

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	herald "github.com/herald-dev/herald/sdks/go"
)

// Every live test is bounded by this context: each waits on a condition (an event, a delivery),
// and this only turns a condition that never comes into a failure instead of a hung run.
const liveTimeout = 90 * time.Second

type liveEnv struct {
	url, adminToken string
	admin           *herald.Client
	project         *herald.CreatedProject
	full            *herald.Client
	fullKey         string
}

var (
	liveOnce sync.Once
	live     liveEnv
	liveErr  error
)

// liveStack is the stack of this run and a project created for this test binary (Full key client).
func liveStack(t *testing.T) (context.Context, *liveEnv) {
	t.Helper()
	url, token := os.Getenv("HERALD_URL"), os.Getenv("HERALD_ADMIN_TOKEN")
	if url == "" || token == "" {
		t.Skip("HERALD_URL and HERALD_ADMIN_TOKEN are not set: live tests need a running Herald (sdks/go/test.sh)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), liveTimeout)
	t.Cleanup(cancel)
	liveOnce.Do(func() {
		live.url, live.adminToken = url, token
		if live.admin, liveErr = herald.New(url, herald.WithAPIKey(token)); liveErr != nil {
			return
		}
		if live.project, liveErr = live.admin.Admin.CreateProject(ctx, herald.CreateProject{Name: "go-sdk-" + suffix()}); liveErr != nil {
			return
		}
		live.fullKey = keyOf(live.project, "full")
		live.full, liveErr = herald.New(url, herald.WithAPIKey(live.fullKey))
	})
	if liveErr != nil {
		t.Fatalf("setting up the live project: %v", liveErr)
	}
	return ctx, &live
}

func keyOf(p *herald.CreatedProject, scope string) string {
	for _, k := range p.Keys {
		if string(k.Scope) == scope {
			return k.Key
		}
	}
	return ""
}

func suffix() string {
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// countingTransport counts the requests and the 429 answers that went through it.
type countingTransport struct {
	requests, tooMany atomic.Int64
}

func (c *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	c.requests.Add(1)
	res, err := http.DefaultTransport.RoundTrip(req)
	if err == nil && res.StatusCode == http.StatusTooManyRequests {
		c.tooMany.Add(1)
	}
	return res, err
}

// eventually polls check until it returns true (each poll is a request: no fixed sleep decides).
func eventually(ctx context.Context, t *testing.T, what string, check func() (bool, error)) {
	t.Helper()
	for {
		ok, err := check()
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if ok {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s: not within %s", what, liveTimeout)
		case <-time.After(50 * time.Millisecond):
		}
	}
}
