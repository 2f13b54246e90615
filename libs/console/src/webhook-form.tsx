import type { ComponentChildren } from 'preact';
import type { Json } from './api';
import { Alert } from './page-state';
import { useFields, type Fields } from './use-fields';

/** An endpoint's fields as the form shows them (empty for a new endpoint). */
const endpointFields = (w?: Json): Fields => ({ url: w?.url ?? '', description: w?.description ?? '', events: (w?.event_types ?? []).join(', ') });

/** The body of POST /webhooks or PATCH /webhooks/{id}: the URL, the description (blank: none) and the event types (none: every one). */
export const endpointBody = (f: Fields) => ({
  url: String(f.url).trim(),
  description: String(f.description).trim() === '' ? null : f.description,
  event_types: String(f.events)
    .split(/[\s,]+/)
    .filter(Boolean),
});

/** A webhook endpoint's URL, description and events. What was typed stays when the API refuses it (an internal host, a bad URL, an unknown event); its error is shown. */
export function EndpointForm(props: { label: string; endpoint?: Json; error: string | null; submit: string; onSubmit: (fields: Fields) => void; children?: ComponentChildren }) {
  const { values, text } = useFields(endpointFields(props.endpoint));
  return (
    <form
      class="entry"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(values);
      }}
    >
      <fieldset>
        <legend>Endpoint</legend>
        <label>
          URL <input type="text" inputMode="url" size={40} {...text('url')} />
        </label>
        <label>
          Description <input {...text('description')} />
        </label>
        <label>
          Events (comma-separated; empty: every event) <input size={40} {...text('events')} />
        </label>
      </fieldset>
      <Alert error={props.error} />
      <p>
        <button type="submit">{props.submit}</button> {props.children}
      </p>
    </form>
  );
}
