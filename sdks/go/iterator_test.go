package herald

import (
	"context"
	"errors"
	"fmt"
	"testing"
)

// pages serves items 0..total-1 in pages of size, the cursor being the next index.
func pages(total, size int, failAt *string) func(context.Context, *string) ([]int, *string, error) {
	return func(_ context.Context, cursor *string) ([]int, *string, error) {
		from := 0
		if cursor != nil {
			if failAt != nil && *cursor == *failAt {
				return nil, nil, errors.New("boom")
			}
			_, _ = fmt.Sscan(*cursor, &from)
		}
		var items []int
		for i := from; i < min(from+size, total); i++ {
			items = append(items, i)
		}
		if from+size >= total {
			return items, nil, nil
		}
		return items, Ptr(fmt.Sprint(from + size)), nil
	}
}

func TestPager(t *testing.T) {
	cases := []struct {
		name        string
		total, size int
		failAt      *string
		want        int
		wantErr     bool
	}{
		{"when the list is empty, then nothing is yielded", 0, 10, nil, 0, false},
		{"when the list fits one page, then every item is yielded once", 7, 10, nil, 7, false},
		{"when the list spans pages, then every page is followed", 25, 10, nil, 25, false},
		{"when the last page is exactly full, then no extra page is asked for", 20, 10, nil, 20, false},
		{"when a page fails, then the items before it are yielded and Err tells why", 25, 10, Ptr("20"), 20, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := newPager(context.Background(), pages(tc.total, tc.size, tc.failAt))
			var got []int
			for p.advance() {
				got = append(got, *p.current())
			}
			if len(got) != tc.want || (p.err != nil) != tc.wantErr {
				t.Fatalf("got %d items, err %v", len(got), p.err)
			}
			for i, v := range got {
				if v != i {
					t.Fatalf("item %d is %d", i, v)
				}
			}
		})
	}
}
