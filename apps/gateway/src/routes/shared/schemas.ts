import { Type, type TSchema } from '@sinclair/typebox';

export const Timestamp = Type.String({ description: 'UTC, second precision: YYYY-MM-DDTHH:MM:SSZ', examples: ['2025-01-31T12:00:00Z'] });
export const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MessageOnly = Type.Object({ message: Type.String() });
export const withMessage = <T extends TSchema>(data: T) => Type.Object({ message: Type.String(), data });
export const dataOnly = <T extends TSchema>(data: T) => Type.Object({ data });
