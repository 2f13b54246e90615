import { type Static, type TObject } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { serviceAuthProblems, type ServiceAuthConfig } from './service-auth';

/**
 * Reads an app's configuration once: environment strings are converted to the schema's types,
 * defaults are applied, and anything invalid stops the process with every problem listed (including,
 * for schemas with SERVICE_AUTH, a missing SERVICE_TOKEN in `token` mode).
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
  // Checks across settings: a schema with SERVICE_AUTH (every Herald app) needs SERVICE_TOKEN in `token` mode.
  if ('SERVICE_AUTH' in schema.properties) problems.push(...serviceAuthProblems(value as Partial<ServiceAuthConfig>));
  if (problems.length > 0) {
    throw new Error(`invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return Object.freeze(value as Static<T>);
}
