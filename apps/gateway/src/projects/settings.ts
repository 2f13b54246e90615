import { Type, type Static } from '@sinclair/typebox';

const NonNegative = Type.Integer({ minimum: 0 });

/** A project's settings (decisions §3), all with defaults; read by later features through `request.project`. */
export const ProjectSettingsSchema = Type.Object({
  strict_targets: Type.Boolean(),
  max_broadcast_recipients_for_email: NonNegative,
  monthly_quota: Type.Union([NonNegative, Type.Null()]),
  /** Requests per second per key across all gateway replicas (burst twice that); null turns it off. */
  rate_limit_per_second: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  /** Days notifications and broadcasts are kept (decided at send time, like the other send settings); null: forever. */
  retention_days: Type.Union([Type.Integer({ minimum: 1, maximum: 3650 }), Type.Null()]),
});
export type ProjectSettings = Static<typeof ProjectSettingsSchema>;

/** What a create or update may send: any subset; unknown fields are ignored. */
export const ProjectSettingsPatchSchema = Type.Partial(ProjectSettingsSchema);
export type ProjectSettingsPatch = Static<typeof ProjectSettingsPatchSchema>;

export const DEFAULT_SETTINGS: Readonly<ProjectSettings> = Object.freeze({
  strict_targets: false,
  max_broadcast_recipients_for_email: 0,
  monthly_quota: null,
  rate_limit_per_second: 1000,
  retention_days: 365,
});

/** Merges a validated patch over current settings, keeping only known fields. */
export function mergeSettings(current: ProjectSettings, patch: ProjectSettingsPatch = {}): ProjectSettings {
  const merged = { ...current };
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ProjectSettings)[]) {
    if (patch[key] !== undefined) (merged as Record<string, unknown>)[key] = patch[key];
  }
  return merged;
}
