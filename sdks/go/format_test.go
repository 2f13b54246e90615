package herald

import (
	"fmt"
	"strings"
	"testing"
)

func TestWhenAClientIsPrintedThenItsAPIKeyIsNot(t *testing.T) {
	const key = "nk_full_s3cr3t-key-material"
	c, err := New("http://herald.test", WithAPIKey(key))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{c, *c, c.http, *c.http, c.Recipients, *c.Recipients} {
		for _, verb := range []string{"%v", "%+v", "%#v", "%s"} {
			if s := fmt.Sprintf(verb, v); strings.Contains(s, key) {
				t.Errorf("%s of %T shows the key: %s", verb, v, s)
			}
		}
	}
}
