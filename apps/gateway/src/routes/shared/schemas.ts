import { Type, type TSchema } from '@sinclair/typebox';

export const Timestamp = Type.String({ description: 'UTC, second precision: YYYY-MM-DDTHH:MM:SSZ', examples: ['2025-01-31T12:00:00Z'] });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const ViolationSchema = Type.Object({
  message: Type.String(),
  description: Type.String(),
  property_path: Type.String(),
  invalid_value: Type.Unknown(),
});

/** Error bodies of the `message` family (decisions §2). */
export const MessageErrorSchema = Type.Object(
  { message: Type.String(), code: Type.String(), errors: Type.Optional(Type.Array(ViolationSchema)) },
  { title: 'MessageError' },
);
/** Error bodies of the `error` family (decisions §2). */
export const ErrorFamilySchema = Type.Object(
  { error: Type.String(), details: Type.String(), errors: Type.Optional(Type.Array(ViolationSchema)) },
  { title: 'ErrorFamilyError' },
);

/** Response schemas for every 4xx/5xx of a route, in its path's family. */
export const errorResponses = (family: 'message' | 'error') => {
  const schema = family === 'message' ? MessageErrorSchema : ErrorFamilySchema;
  return { '4xx': schema, '5xx': schema };
};

export const MessageOnly = Type.Object({ message: Type.String() });
export const withMessage = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });
export const dataOnly = <T extends TSchema>(data: T) => Type.Object({ data });

// Text rules the services enforce, as JSON Schema patterns for the document (see plugins/external/swagger/openapi-document.ts).
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
