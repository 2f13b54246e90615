import { Type } from '@sinclair/typebox';
import { Medium } from '../preferences/schemas';

// JSON types only; the preference service owns the value rules (decisions §6–7).

export const TargetBody = Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String() });

export const SetPreferenceBody = Type.Object({
  target: TargetBody,
  medium: Type.Optional(Medium),
  state: Type.Object({ enabled: Type.Boolean() }),
});

export const CheckPreferenceQuery = Type.Object({
  channel: Type.String(),
  topic: Type.String(),
  event: Type.String(),
  medium: Type.Optional(Medium),
});

const TargetWithMedium = Type.Object({ channel: Type.String(), topic: Type.String(), event: Type.String(), medium: Type.String() });

export const PreferenceStateSchema = Type.Object({
  enabled: Type.Boolean(),
  inherited: Type.Boolean(),
  cataloged: Type.Boolean(),
  mandatory: Type.Boolean(),
});

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

export const CheckPreferenceResult = Type.Object({ target: TargetWithMedium, state: PreferenceStateSchema });
