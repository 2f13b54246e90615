import type { ComponentChildren } from 'preact';
import type { Json } from './api';
import { Alert } from './page-state';
import { numberOrAbsent, useFields, type Fields } from './use-fields';
import { mediumName } from './wording';

const MEDIUMS = ['in_app', 'email', 'sms', 'web_push', 'chat', 'mobile_push'];

/** The form's fields of an entry (or empty ones for a new entry). */
export function entryFields(entry?: Json): Fields {
  return {
    channel: entry?.target.channel ?? '',
    topic: entry?.target.topic ?? '',
    event: entry?.target.event ?? '',
    medium: entry?.medium ?? 'in_app',
    name: entry?.label ?? '',
    description: entry?.description ?? '',
    default_enabled: entry?.default_enabled ?? true,
    mandatory: entry?.mandatory ?? false,
    digest_window: String(entry?.digest?.window_seconds ?? ''),
    digest_max: String(entry?.digest?.max_items ?? ''),
    digest_subject: entry?.digest?.subject ?? '',
    throttle_max: String(entry?.throttle?.max ?? ''),
    throttle_window: String(entry?.throttle?.window_seconds ?? ''),
  };
}

const allEmpty = (...values: (string | boolean)[]) => values.every((v) => String(v).trim() === '');

/** The digest the fields ask for: none when all three are empty, else what was typed (the API names a missing part). */
const digestOf = (f: Fields) =>
  allEmpty(f.digest_window, f.digest_max, f.digest_subject) ? null : { window_seconds: numberOrAbsent(f.digest_window), max_items: numberOrAbsent(f.digest_max), subject: String(f.digest_subject) };
const throttleOf = (f: Fields) => (allEmpty(f.throttle_max, f.throttle_window) ? null : { max: numberOrAbsent(f.throttle_max), window_seconds: numberOrAbsent(f.throttle_window) });

/** The body of POST /preferences: the key, then every field; a digest or throttle only when asked for. */
export function createBody(f: Fields) {
  return { channel: f.channel, topic: f.topic, event: f.event, medium: f.medium, ...changeBody(f, null) };
}

/** The body of PATCH /preferences/{id}: every field the API changes. A digest is sent to email entries, or to clear one. */
export function changeBody(f: Fields, entry: Json | null) {
  const digest = digestOf(f);
  const throttle = throttleOf(f);
  const sendDigest = entry ? entry.medium === 'email' || entry.digest !== null : digest !== null;
  return {
    name: f.name,
    description: String(f.description).trim() === '' ? null : f.description,
    default_enabled: f.default_enabled,
    mandatory: f.mandatory,
    ...(sendDigest ? { digest } : {}),
    ...(entry || throttle ? { throttle } : {}),
  };
}

/**
 * A catalog entry's form: the key and medium for a new entry, then its name, description, flags,
 * digest (email entries) and throttle. What was typed stays when the API refuses it; its error is
 * shown above the buttons.
 */
export function EntryForm(props: { label: string; entry?: Json; error: string | null; submit: string; onSubmit: (fields: Fields) => void; children?: ComponentChildren }) {
  const { values, text, box } = useFields(entryFields(props.entry));
  const isNew = !props.entry;
  return (
    <form
      class="entry"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(values);
      }}
    >
      {isNew && (
        <fieldset>
          <legend>Target and medium</legend>
          <label>
            Channel <input {...text('channel')} />
          </label>
          <label>
            Topic <input {...text('topic')} />
          </label>
          <label>
            Event <input {...text('event')} />
          </label>
          <label>
            Medium{' '}
            <select {...text('medium')}>
              {MEDIUMS.map((m) => (
                <option value={m}>{mediumName(m)}</option>
              ))}
            </select>
          </label>
        </fieldset>
      )}
      <fieldset>
        <legend>Entry</legend>
        <label>
          Name <input {...text('name')} />
        </label>
        <label>
          Description <input {...text('description')} />
        </label>
        <label class="live">
          <input {...box('default_enabled')} /> On by default
        </label>
        <label class="live">
          <input {...box('mandatory')} /> Mandatory
        </label>
      </fieldset>
      {(isNew || props.entry.medium === 'email' || props.entry.digest) && (
        <fieldset>
          <legend>Digest (email entries; all empty: none)</legend>
          <label>
            Digest window (seconds) <input inputMode="numeric" {...text('digest_window')} />
          </label>
          <label>
            Digest items at most <input inputMode="numeric" {...text('digest_max')} />
          </label>
          <label>
            Digest subject <input {...text('digest_subject')} />
          </label>
        </fieldset>
      )}
      <fieldset>
        <legend>Throttle (both empty: none)</legend>
        <label>
          Throttle at most <input inputMode="numeric" {...text('throttle_max')} />
        </label>
        <label>
          Throttle window (seconds) <input inputMode="numeric" {...text('throttle_window')} />
        </label>
      </fieldset>
      <Alert error={props.error} />
      <p>
        <button type="submit">{props.submit}</button> {props.children}
      </p>
    </form>
  );
}
