package herald

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"
)

// Error is an error answer of the Herald API. Herald's paths answer in one of two body
// families, {message, code} (recipients, contacts, notifications, …) and {error, details}
// (the catalog, set primary contact, admin); both land here:
//
//	Code    the machine code: `code`, or `error` of the second family (e.g. "not_found")
//	Message the sentence: `message`, or `details`
type Error struct {
	Status  int    // HTTP status, e.g. 404
	Code    string // machine code, e.g. "validation_failed", "not_found", "rate_limited"
	Message string // human-readable explanation
	// Family is "message" ({message, code}) or "error" ({error, details}).
	Family string
	// Errors has one entry per offending property on a validation failure (400).
	Errors []Violation
	// RequestID is the X-Request-Id of the answer (quote it when reporting a problem).
	RequestID string
	// RetryAfter is the answer's Retry-After (429, 503), zero when absent.
	RetryAfter time.Duration
	// Body is the raw answer body.
	Body []byte
}

// Violation is one offending property of a request refused with 400 validation_failed.
type Violation struct {
	Message      string `json:"message"`
	Description  string `json:"description"`
	PropertyPath string `json:"property_path"`
	InvalidValue any    `json:"invalid_value"`
}

// Error names each offending property of a validation failure after the sentence.
func (e *Error) Error() string {
	text := fmt.Sprintf("herald: %d %s: %s", e.Status, e.Code, e.Message)
	for _, v := range e.Errors {
		text += fmt.Sprintf("; %s: %s", v.PropertyPath, v.Message)
	}
	return text
}

// Sentinels for errors.Is: errors.Is(err, herald.ErrNotFound) is true for any *Error with status 404.
var (
	ErrValidation   = errors.New("herald: invalid request")             // 400
	ErrUnauthorized = errors.New("herald: unauthorized")                // 401: missing, unknown, revoked or expired credential
	ErrForbidden    = errors.New("herald: forbidden")                   // 403: the credential may not do this
	ErrNotFound     = errors.New("herald: not found")                   // 404
	ErrConflict     = errors.New("herald: conflict")                    // 409: already exists, or an Idempotency-Key reused with another body
	ErrRateLimited  = errors.New("herald: rate limited")                // 429
	ErrServer       = errors.New("herald: server error or unavailable") // 5xx
)

// Is reports whether target is the sentinel of e's status (see ErrNotFound and the others).
func (e *Error) Is(target error) bool {
	switch target {
	case ErrValidation:
		return e.Status == http.StatusBadRequest
	case ErrUnauthorized:
		return e.Status == http.StatusUnauthorized
	case ErrForbidden:
		return e.Status == http.StatusForbidden
	case ErrNotFound:
		return e.Status == http.StatusNotFound
	case ErrConflict:
		return e.Status == http.StatusConflict
	case ErrRateLimited:
		return e.Status == http.StatusTooManyRequests
	case ErrServer:
		return e.Status >= 500
	}
	return false
}

// errorFromResponse reads either error family from an answer whose body was already read.
func errorFromResponse(res *http.Response, body []byte) *Error {
	var b struct {
		Code    *string     `json:"code"`
		Message *string     `json:"message"`
		Error   *string     `json:"error"`
		Details *string     `json:"details"`
		Errors  []Violation `json:"errors"`
	}
	_ = json.Unmarshal(body, &b) // not JSON (a proxy's page): the status speaks alone
	e := &Error{Status: res.StatusCode, Family: "message", Errors: b.Errors, RequestID: res.Header.Get("X-Request-Id"), Body: body}
	if d, ok := parseRetryAfter(res.Header.Get("Retry-After"), time.Now()); ok {
		e.RetryAfter = d
	}
	switch {
	case b.Error != nil && b.Details != nil:
		e.Family, e.Code, e.Message = "error", *b.Error, *b.Details
	case b.Message != nil:
		e.Message = *b.Message
		if b.Code != nil {
			e.Code = *b.Code
		}
	}
	if e.Code == "" {
		e.Code = fmt.Sprintf("http_%d", res.StatusCode)
	}
	if e.Message == "" {
		e.Message = http.StatusText(res.StatusCode)
	}
	return e
}
