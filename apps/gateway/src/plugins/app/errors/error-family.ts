/**
 * Two error body families, chosen by path for every error of that path.
 *   message: {message, code}  — /recipients/** (but PUT /recipients/{id}/contacts), /notifications/**, /broadcasts/**, and anything else
 *   error:   {error, details} — /preferences/**, PUT /recipients/{id}/contacts, /admin/**
 */
export type ErrorFamily = 'message' | 'error';

const ERROR_FAMILY_PREFIX = /^\/(preferences|admin)(\/|$)/;
const SET_PRIMARY_CONTACT = /^\/recipients\/[^/]*\/contacts\/?$/;

export function errorFamilyOf(method: string, url: string): ErrorFamily {
  const path = url.split('?', 1)[0];
  if (ERROR_FAMILY_PREFIX.test(path)) return 'error';
  if (method.toUpperCase() === 'PUT' && SET_PRIMARY_CONTACT.test(path)) return 'error';
  return 'message';
}
