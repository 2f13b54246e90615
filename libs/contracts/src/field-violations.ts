import { create } from '@bufbuild/protobuf';
import { FieldViolationSchema, type FieldViolation } from './gen/herald/common/v1/errors_pb.js';

/** One broken rule of a request, as the REST surface shows it (the wire carries it as a FieldViolation). */
export interface Violation {
  message: string;
  description: string;
  property_path: string;
  invalid_value: unknown;
}

export function toFieldViolation(v: Violation): FieldViolation {
  return create(FieldViolationSchema, {
    message: v.message,
    description: v.description,
    propertyPath: v.property_path,
    invalidValueJson: JSON.stringify(v.invalid_value ?? null),
  });
}

export function fromFieldViolation(v: FieldViolation): Violation {
  let value: unknown = null;
  try {
    value = JSON.parse(v.invalidValueJson || 'null');
  } catch {
    value = v.invalidValueJson;
  }
  return { message: v.message, description: v.description, property_path: v.propertyPath, invalid_value: value };
}
