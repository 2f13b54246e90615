/** Every text <herald-inbox> shows: English, German and Arabic shipped; a page overrides any of them. */

export interface InboxStrings {
  notifications: string;
  /** The bell's label; `{count}` is replaced. */
  unreadLabel: string;
  noneUnread: string;
  /** The bell's label when the badge counts unseen notifications. */
  unseenLabel: string;
  noneUnseen: string;
  /** Before an unread item's title, for screen readers. */
  unreadItem: string;
  markAllRead: string;
  archive: string;
  empty: string;
  loading: string;
  loadError: string;
  reconnecting: string;
  retry: string;
  enablePush: string;
  pushEnabled: string;
  pushDenied: string;
  pushUnsupported: string;
  pushFailed: string;
}

const en: InboxStrings = {
  notifications: 'Notifications',
  unreadLabel: 'Notifications, {count} unread',
  noneUnread: 'Notifications, none unread',
  unseenLabel: 'Notifications, {count} new',
  noneUnseen: 'Notifications, none new',
  unreadItem: 'Unread: ',
  markAllRead: 'Mark all as read',
  archive: 'Archive',
  empty: "You're all caught up",
  loading: 'Loading…',
  loadError: 'Notifications could not be loaded.',
  reconnecting: 'Reconnecting…',
  retry: 'Retry',
  enablePush: 'Enable push notifications',
  pushEnabled: 'Push notifications are on for this browser.',
  pushDenied: "Notifications are blocked for this site: allow them in the browser's site settings.",
  pushUnsupported: 'This browser does not support push notifications.',
  pushFailed: 'Push notifications could not be enabled.',
};

const de: InboxStrings = {
  notifications: 'Benachrichtigungen',
  unreadLabel: 'Benachrichtigungen, {count} ungelesen',
  noneUnread: 'Benachrichtigungen, keine ungelesen',
  unseenLabel: 'Benachrichtigungen, {count} neu',
  noneUnseen: 'Benachrichtigungen, keine neuen',
  unreadItem: 'Ungelesen: ',
  markAllRead: 'Alle als gelesen markieren',
  archive: 'Archivieren',
  empty: 'Keine neuen Benachrichtigungen',
  loading: 'Wird geladen…',
  loadError: 'Benachrichtigungen konnten nicht geladen werden.',
  reconnecting: 'Verbindung wird wiederhergestellt…',
  retry: 'Erneut versuchen',
  enablePush: 'Push-Benachrichtigungen aktivieren',
  pushEnabled: 'Push-Benachrichtigungen sind in diesem Browser aktiv.',
  pushDenied: 'Benachrichtigungen sind für diese Seite blockiert: erlauben Sie sie in den Website-Einstellungen des Browsers.',
  pushUnsupported: 'Dieser Browser unterstützt keine Push-Benachrichtigungen.',
  pushFailed: 'Push-Benachrichtigungen konnten nicht aktiviert werden.',
};

const ar: InboxStrings = {
  notifications: 'الإشعارات',
  unreadLabel: 'الإشعارات، {count} غير مقروءة',
  noneUnread: 'الإشعارات، لا يوجد غير مقروء',
  unseenLabel: 'الإشعارات، {count} جديدة',
  noneUnseen: 'الإشعارات، لا يوجد جديد',
  unreadItem: 'غير مقروء: ',
  markAllRead: 'تحديد الكل كمقروء',
  archive: 'أرشفة',
  empty: 'لا توجد إشعارات جديدة',
  loading: 'جارٍ التحميل…',
  loadError: 'تعذّر تحميل الإشعارات.',
  reconnecting: 'جارٍ إعادة الاتصال…',
  retry: 'إعادة المحاولة',
  enablePush: 'تفعيل الإشعارات الفورية',
  pushEnabled: 'الإشعارات الفورية مفعّلة في هذا المتصفح.',
  pushDenied: 'الإشعارات محظورة لهذا الموقع: اسمح بها من إعدادات الموقع في المتصفح.',
  pushUnsupported: 'هذا المتصفح لا يدعم الإشعارات الفورية.',
  pushFailed: 'تعذّر تفعيل الإشعارات الفورية.',
};

/** The shipped dictionaries, by language. */
export const INBOX_STRINGS: Readonly<Record<string, InboxStrings>> = { en, de, ar };

const language = (locale: string | undefined): string => (locale ?? '').toLowerCase().split('-')[0] ?? '';

/** The dictionary of `locale`'s language (English when none is shipped), with the page's overrides on top. */
export function stringsFor(locale: string | undefined, overrides: Partial<InboxStrings> = {}): InboxStrings {
  return { ...(INBOX_STRINGS[language(locale)] ?? en), ...overrides };
}

const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi']);

/** The writing direction of `locale`. */
export const directionOf = (locale: string | undefined): 'rtl' | 'ltr' => (RTL_LANGUAGES.has(language(locale)) ? 'rtl' : 'ltr');

/** `template` with `{count}` replaced. */
export const withCount = (template: string, count: number): string => template.replace('{count}', String(count));
