import { Type } from '@sinclair/typebox';
import { LIMITS } from '@herald/contracts';
import { serviceRules } from '../../plugins/external/swagger/openapi-document';
import { CheckDecisionSchema } from '../shared/decision-schemas';
import { Medium } from '../preferences/schemas';

const TargetField = Type.String(serviceRules({ minLength: 1, maxLength: LIMITS.targetFieldMax }));

// JSON types only; the preference service owns the value rules.

export const TargetBody = Type.Object({ channel: TargetField, topic: TargetField, event: TargetField }, { title: 'TargetInput' });

export const SetPreferenceBody = Type.Object({
  target: TargetBody,
  medium: Type.Optional(Medium),
  state: Type.Object({ enabled: Type.Boolean() }),
});

export const CheckPreferenceQuery = Type.Object({
  channel: TargetField,
  topic: TargetField,
  event: TargetField,
  medium: Type.Optional(Medium),
});

const TargetWithMedium = Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String(), medium: Type.String() });

export const PreferenceStateSchema = Type.Object(
  { enabled: Type.Boolean(), inherited: Type.Boolean(), cataloged: Type.Boolean(), mandatory: Type.Boolean() },
  { title: 'PreferenceState' },
);

export const SetPreferenceResult = Type.Object({
  target: TargetWithMedium,
  state: Type.Object({ enabled: Type.Boolean(), inherited: Type.Boolean() }),
});

export const PreferenceListResult = Type.Object({
  preferences: Type.Array(
    Type.Object(
      {
        target: Type.Object({ ...TargetWithMedium.properties, name: Type.Optional(Type.String()) }),
        state: PreferenceStateSchema,
      },
      { title: 'RecipientPreference' },
    ),
  ),
});

/** `decision`: which step of the cascade decided `state.enabled`, and the rule or entry (docs/preferences.md). */
export const CheckPreferenceResult = Type.Object({ target: TargetWithMedium, state: PreferenceStateSchema, decision: CheckDecisionSchema });
