import { type Static, type TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

/**
 * Reads an app's configuration once: environment strings are converted to the schema's types,
 * defaults are applied, and anything invalid stops the process with every problem listed.
 * The result is frozen; nothing else in an app reads `process.env`.
 */
export function loadConfig<T extends TObject>(
  schema: T,
  env: Record<string, string | undefined> = process.env,
): Readonly<Static<T>> {
  const picked: Record<string, unknown> = {};
  for (const key of Object.keys(schema.properties)) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') picked[key] = raw;
  }
  const value = Value.Convert(schema, Value.Default(schema, picked));
  const problems = [...Value.Errors(schema, value)].map((e) => `${e.path.slice(1) || '(root)'}: ${e.message}`);
  if (problems.length > 0) {
    throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return Object.freeze(value as Static<T>);
}
