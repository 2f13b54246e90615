package main

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestRewrite(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"when an anyOf holds only one-value string enums, then it becomes one enum (siblings kept)",
			`{"description":"d","anyOf":[{"type":"string","enum":["a"]},{"type":"string","enum":["b"]}]}`,
			`{"description":"d","type":"string","enum":["a","b"]}`},
		{"when nested in properties, then it is rewritten too",
			`{"properties":{"s":{"anyOf":[{"type":"string","enum":["x"]}]}}}`,
			`{"properties":{"s":{"type":"string","enum":["x"]}}}`},
		{"when an anyOf has a null member, then it stays (oapi-codegen makes it a pointer)",
			`{"anyOf":[{"type":"string","enum":["a"]},{"type":"null"}]}`,
			`{"anyOf":[{"type":"string","enum":["a"]},{"type":"null"}]}`},
		{"when a member carries more than type and enum, then the anyOf stays",
			`{"anyOf":[{"type":"string","enum":["a"],"description":"x"},{"type":"string","enum":["b"]}]}`,
			`{"anyOf":[{"type":"string","enum":["a"],"description":"x"},{"type":"string","enum":["b"]}]}`},
		{"when a member enum has several values, then the anyOf stays",
			`{"anyOf":[{"type":"string","enum":["a","c"]},{"type":"string","enum":["b"]}]}`,
			`{"anyOf":[{"type":"string","enum":["a","c"]},{"type":"string","enum":["b"]}]}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var in, want any
			if err := json.Unmarshal([]byte(tc.in), &in); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(tc.want), &want); err != nil {
				t.Fatal(err)
			}
			if got := rewrite(in); !reflect.DeepEqual(got, want) {
				t.Fatalf("got %v, want %v", got, want)
			}
		})
	}
}
