package herald

import (
	"encoding/json"
	"io"
	"testing"
)

func bodyFields(t *testing.T, in Send) map[string]json.RawMessage {
	t.Helper()
	r, err := sendBody(in)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	return fields
}

func TestSendBodyKeepsABroadcastsNullRecipient(t *testing.T) {
	if got := string(bodyFields(t, Send{})["recipient_id"]); got != "null" {
		t.Fatalf("a broadcast's recipient_id: want null, got %q", got)
	}
}

func TestSendBodyOfASendToManyNamesNoRecipient(t *testing.T) {
	list := "watchers"
	for _, in := range []Send{{RecipientIds: []string{"a", "b"}}, {List: &list}} {
		fields := bodyFields(t, in)
		if _, ok := fields["recipient_id"]; ok {
			t.Fatalf("a send to many carries recipient_id: %v", fields)
		}
	}
}

func TestSendBodyOfAListSendCarriesItsSms(t *testing.T) {
	list := "on-call"
	fields := bodyFields(t, Send{List: &list, Sms: &Sms{Text: "Deploy failed"}})
	if got := string(fields["sms"]); got != `{"text":"Deploy failed"}` {
		t.Fatalf("a list send's sms: want {\"text\":\"Deploy failed\"}, got %q", got)
	}
}
