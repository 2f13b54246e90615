/** The browser push services a web push endpoint may be on by default (PUSH_ALLOWED_HOSTS of the recipient and delivery services). */
export const BROWSER_PUSH_HOSTS = 'fcm.googleapis.com,updates.push.services.mozilla.com,*.notify.windows.com,web.push.apple.com';
