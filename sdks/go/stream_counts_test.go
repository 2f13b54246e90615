package herald

import (
	"testing"

	sse "github.com/tmaxmax/go-sse"
)

func TestParseEventReadsTheUnreadAndUnseenCounts(t *testing.T) {
	ev := parseEvent(sse.Event{LastEventID: "7", Type: EventUnreadCount, Data: `{"unread_count":3,"unseen_count":1}`})
	if ev.UnreadCount != 3 || ev.UnseenCount != 1 || ev.ID != "7" {
		t.Fatalf("got %+v", ev)
	}
}
