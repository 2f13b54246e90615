/**
 * Country calling codes of E.164 numbers (ITU-T E.164 assignments). The codes are prefix-free:
 * `1` and `7` are the one-digit codes, the set below the two-digit ones, and every other number
 * starts with a three-digit code. Used to say which country a number texts (the project's allowed
 * calling codes, the confirmation SMS budget per country).
 */
const ONE_DIGIT = new Set(['1', '7']);
const TWO_DIGIT = new Set([
  '20', '27', '30', '31', '32', '33', '34', '36', '39', '40', '41', '43', '44', '45', '46', '47', '48', '49',
  '51', '52', '53', '54', '55', '56', '57', '58', '60', '61', '62', '63', '64', '65', '66',
  '81', '82', '84', '86', '90', '91', '92', '93', '94', '95', '98',
]);

/** The country calling code of an E.164 number (`+4915112345678` → `49`, `+12025550100` → `1`). */
export function countryCallingCode(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  if (ONE_DIGIT.has(digits.slice(0, 1))) return digits.slice(0, 1);
  if (TWO_DIGIT.has(digits.slice(0, 2))) return digits.slice(0, 2);
  return digits.slice(0, 3);
}

/** A country calling code as a project lists it: 1 to 3 digits, no `+`, not starting with 0. */
export const CALLING_CODE = /^[1-9]\d{0,2}$/;

/** Whether the number may be texted under a list of allowed calling codes (empty: all). */
export function callingCodeAllowed(e164: string, allowed: readonly string[]): boolean {
  return allowed.length === 0 || allowed.includes(countryCallingCode(e164));
}
