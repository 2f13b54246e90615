// Text rules the services enforce, as JSON Schema patterns for the document (see openapi-document.ts).
// Control characters: C0, DEL, C1. Whitespace: what String.prototype.trim removes.
const CTRL = '\\u0000-\\u001f\\u007f-\\u009f';
const WS = '\\s\\ufeff';
/** No control characters. */
export const NO_CONTROL = `^[^${CTRL}]*$`;
/** Non-empty, no control characters, no leading or trailing whitespace. */
export const TRIMMED_NO_CONTROL = `^[^${WS}${CTRL}](?:[^${CTRL}]*[^${WS}${CTRL}])?$`;
/** At least one character other than whitespace (control characters allowed: an SMS or push body may hold line breaks). */
export const NOT_BLANK = `[^${WS}]`;
/** At least one character other than whitespace, no control characters. */
export const NOT_BLANK_NO_CONTROL = `^[^${CTRL}]*[^${WS}${CTRL}][^${CTRL}]*$`;
/** One email addr-spec (docs/api-gateway.md, "Email addresses"), surrounding whitespace allowed (it is trimmed). */
const ADDR = `[^${WS}${CTRL},;:<>"()@]`;
const LABEL = `[^${WS}${CTRL},;:<>"()@.]+`;
export const EMAIL_ADDRESS = `^[${WS}]*${ADDR}+@${LABEL}(?:\\.${LABEL})+[${WS}]*$`;
/** No control characters but line breaks and tabs (a free-text description). */
export const NO_CONTROL_BUT_LINES = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f]*$';
