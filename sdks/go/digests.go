package herald

import (
	"context"
	"strconv"

	"github.com/herald-dev/herald/sdks/go/api"
)

// DigestsService: the email digests of catalog entries that carry a Digest (Full key). A
// notification collected into one has its Email.DigestID set.
type DigestsService struct{ c *Client }

// Get reads a digest: its status ("open" while it collects, then "sent", "skipped" or "failed"),
// its window, the mail's MessageID and the NotificationIds it holds, in the mail's order. An
// unknown id is a 404 (ErrNotFound).
func (s *DigestsService) Get(ctx context.Context, id int) (*Digest, error) {
	out, err := decode[api.GetDigestsID200JSONResponseBody](s.c.api.GetDigestsID(ctx, strconv.Itoa(id)))
	if err != nil {
		return nil, err
	}
	return &out.Data, nil
}
