// Command openapiprep rewrites Herald's OpenAPI document into an equivalent one that oapi-codegen
// turns into plain Go types (sdks/go/generate.sh runs it before oapi-codegen):
//
//   - `anyOf` whose every member is a one-value string enum (`{"type":"string","enum":["a"]}`, what
//     TypeBox emits for a union of literals) becomes one string enum (`{"type":"string","enum":["a","b"]}`).
//     The two accept exactly the same values; oapi-codegen v2.8.2 makes a union struct of the first
//     (Webhook.Status with As…/From… methods) and a string type with constants of the second.
//
// Nothing else changes. Usage: openapiprep <in.json> <out.json>
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: openapiprep <in.json> <out.json>")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2]); err != nil {
		fmt.Fprintln(os.Stderr, "openapiprep:", err)
		os.Exit(1)
	}
}

func run(in, out string) error {
	raw, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber() // integers such as 9007199254740991 stay exact
	var doc any
	if err := dec.Decode(&doc); err != nil {
		return fmt.Errorf("%s: %w", in, err)
	}
	b, err := json.MarshalIndent(rewrite(doc), "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(out, append(b, '\n'), 0o644)
}

// rewrite applies the rules above to every schema object in v, depth first.
func rewrite(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, child := range t {
			t[k] = rewrite(child)
		}
		if values, ok := literalUnion(t["anyOf"]); ok {
			delete(t, "anyOf")
			t["type"] = "string"
			t["enum"] = values
		}
		return t
	case []any:
		for i, child := range t {
			t[i] = rewrite(child)
		}
	}
	return v
}

// literalUnion returns the values of an anyOf made only of one-value string enums.
func literalUnion(anyOf any) ([]any, bool) {
	members, ok := anyOf.([]any)
	if !ok || len(members) == 0 {
		return nil, false
	}
	values := make([]any, 0, len(members))
	for _, m := range members {
		s, ok := m.(map[string]any)
		if !ok || len(s) != 2 || s["type"] != "string" {
			return nil, false
		}
		enum, ok := s["enum"].([]any)
		if !ok || len(enum) != 1 {
			return nil, false
		}
		values = append(values, enum[0])
	}
	return values, true
}
