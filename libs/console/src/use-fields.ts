import { useState } from 'preact/hooks';

export type Fields = Record<string, string | boolean>;

/**
 * A form's values kept in the page's state: what the user typed stays on the screen whatever the
 * API answers, until the page itself replaces it.
 */
export function useFields<T extends Fields>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const text = (name: keyof T & string) => ({
    name,
    value: String(values[name]),
    onInput: (e: Event) => setValues((v) => ({ ...v, [name]: (e.currentTarget as HTMLInputElement).value })),
  });
  const box = (name: keyof T & string) => ({
    name,
    type: 'checkbox' as const,
    checked: Boolean(values[name]),
    onChange: (e: Event) => setValues((v) => ({ ...v, [name]: (e.currentTarget as HTMLInputElement).checked })),
  });
  return { values, setValues, text, box };
}

/** A number field's value: empty is absent (the API names it if it is required). */
export const numberOrAbsent = (s: string | boolean) => (String(s).trim() === '' ? undefined : Number(s));
