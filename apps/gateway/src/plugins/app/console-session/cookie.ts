/** The console's session cookie: its name, how it is read from a request and written to a response. */
export const SESSION_COOKIE = 'herald_console';

/** The session cookie's value in a Cookie header, if any. */
export function sessionCookieOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/** Set-Cookie for a session value (HttpOnly, SameSite=Strict; Secure over https); an empty value with max-age 0 ends it. */
export function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [`${SESSION_COOKIE}=${value}`, 'Path=/', `Max-Age=${maxAgeSeconds}`, 'HttpOnly', 'SameSite=Strict', ...(secure ? ['Secure'] : [])].join('; ');
}
