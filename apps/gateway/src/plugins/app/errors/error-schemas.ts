import { Type } from '@sinclair/typebox';

export const ViolationSchema = Type.Object({
  message: Type.String(),
  description: Type.String(),
  property_path: Type.String(),
  invalid_value: Type.Unknown(),
});

/** Error bodies of the `message` family. */
export const MessageErrorSchema = Type.Object(
  { message: Type.String(), code: Type.String(), errors: Type.Optional(Type.Array(ViolationSchema)) },
  { title: 'MessageError' },
);
/** Error bodies of the `error` family. */
export const ErrorFamilySchema = Type.Object(
  { error: Type.String(), details: Type.String(), errors: Type.Optional(Type.Array(ViolationSchema)) },
  { title: 'ErrorFamilyError' },
);

/** Response schemas for every 4xx/5xx of a route, in its path's family. */
export const errorResponses = (family: 'message' | 'error') => {
  const schema = family === 'message' ? MessageErrorSchema : ErrorFamilySchema;
  return { '4xx': schema, '5xx': schema };
};
