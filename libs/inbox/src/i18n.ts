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
  unarchive: string;
  /** The snooze menu of an item and its choices (an hour; tomorrow 09:00; next Monday 09:00, local time). */
  snooze: string;
  snoozeHour: string;
  snoozeTomorrow: string;
  snoozeNextWeek: string;
  /** The two views of the panel: the feed and the archived notifications. */
  inbox: string;
  archived: string;
  empty: string;
  emptyArchived: string;
  /** A checkbox's label; `{title}` is replaced by the item's title. */
  selectItem: string;
  /** Above the bulk actions; `{count}` is replaced. */
  selectedCount: string;
  markRead: string;
  /** The tab bar's label. */
  tabs: string;
  /** The preference panel (gear icon): its heading and label, states and the lists section. */
  settings: string;
  required: string;
  preferenceSaved: string;
  preferenceFailed: string;
  noPreferences: string;
  lists: string;
  leaveList: string;
  followList: string;
  mediumInApp: string;
  mediumEmail: string;
  mediumSms: string;
  mediumWebPush: string;
  mediumMobilePush: string;
  mediumChat: string;
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
  unarchive: 'Unarchive',
  snooze: 'Snooze',
  snoozeHour: 'For 1 hour',
  snoozeTomorrow: 'Until tomorrow, 9:00',
  snoozeNextWeek: 'Until Monday, 9:00',
  inbox: 'Inbox',
  archived: 'Archived',
  empty: "You're all caught up",
  emptyArchived: 'No archived notifications',
  selectItem: 'Select: {title}',
  selectedCount: '{count} selected',
  markRead: 'Mark as read',
  tabs: 'Tabs',
  settings: 'Notification settings',
  required: 'Required',
  preferenceSaved: 'Saved',
  preferenceFailed: 'The change could not be saved.',
  noPreferences: 'There is nothing to choose here yet.',
  lists: 'Lists',
  leaveList: 'Leave',
  followList: 'Follow',
  mediumInApp: 'In the app',
  mediumEmail: 'Email',
  mediumSms: 'SMS',
  mediumWebPush: 'Browser push',
  mediumMobilePush: 'Mobile push',
  mediumChat: 'Chat',
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
  unarchive: 'Wiederherstellen',
  snooze: 'Zurückstellen',
  snoozeHour: 'Für 1 Stunde',
  snoozeTomorrow: 'Bis morgen, 9:00',
  snoozeNextWeek: 'Bis Montag, 9:00',
  inbox: 'Posteingang',
  archived: 'Archiviert',
  empty: 'Keine neuen Benachrichtigungen',
  emptyArchived: 'Keine archivierten Benachrichtigungen',
  selectItem: 'Auswählen: {title}',
  selectedCount: '{count} ausgewählt',
  markRead: 'Als gelesen markieren',
  tabs: 'Reiter',
  settings: 'Benachrichtigungseinstellungen',
  required: 'Erforderlich',
  preferenceSaved: 'Gespeichert',
  preferenceFailed: 'Die Änderung konnte nicht gespeichert werden.',
  noPreferences: 'Hier gibt es noch nichts auszuwählen.',
  lists: 'Listen',
  leaveList: 'Verlassen',
  followList: 'Folgen',
  mediumInApp: 'In der App',
  mediumEmail: 'E-Mail',
  mediumSms: 'SMS',
  mediumWebPush: 'Browser-Push',
  mediumMobilePush: 'Mobile-Push',
  mediumChat: 'Chat',
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
  unarchive: 'إلغاء الأرشفة',
  snooze: 'تأجيل',
  snoozeHour: 'لمدة ساعة',
  snoozeTomorrow: 'حتى الغد، 9:00',
  snoozeNextWeek: 'حتى يوم الاثنين، 9:00',
  inbox: 'البريد الوارد',
  archived: 'المؤرشفة',
  empty: 'لا توجد إشعارات جديدة',
  emptyArchived: 'لا توجد إشعارات مؤرشفة',
  selectItem: 'تحديد: {title}',
  selectedCount: '{count} محددة',
  markRead: 'تحديد كمقروء',
  tabs: 'علامات التبويب',
  settings: 'إعدادات الإشعارات',
  required: 'إلزامي',
  preferenceSaved: 'تم الحفظ',
  preferenceFailed: 'تعذّر حفظ التغيير.',
  noPreferences: 'لا توجد خيارات هنا بعد.',
  lists: 'القوائم',
  leaveList: 'مغادرة',
  followList: 'متابعة',
  mediumInApp: 'داخل التطبيق',
  mediumEmail: 'البريد الإلكتروني',
  mediumSms: 'رسائل SMS',
  mediumWebPush: 'إشعارات المتصفح',
  mediumMobilePush: 'إشعارات الجوال',
  mediumChat: 'الدردشة',
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

const MEDIUM_KEYS: Readonly<Record<string, keyof InboxStrings>> = {
  in_app: 'mediumInApp',
  email: 'mediumEmail',
  sms: 'mediumSms',
  web_push: 'mediumWebPush',
  mobile_push: 'mediumMobilePush',
  chat: 'mediumChat',
};

/** A medium's name in the texts in use (an unknown medium as it is named). */
export const mediumLabel = (strings: InboxStrings, medium: string): string => {
  const key = MEDIUM_KEYS[medium];
  return key ? strings[key] : medium;
};
