import { directionOf, INBOX_STRINGS, mediumLabel, stringsFor, withCount } from './i18n';

describe('inbox texts', () => {
  it('when a locale is asked for, then its language is used, English when none is shipped, with the overrides on top', () => {
    expect(stringsFor('de-DE').markAllRead).toBe('Alle als gelesen markieren');
    expect(stringsFor('ar').markAllRead).toBe('تحديد الكل كمقروء');
    expect(stringsFor('ja-JP').markAllRead).toBe('Mark all as read');
    expect(stringsFor(undefined, { empty: 'Nothing here' })).toMatchObject({ empty: 'Nothing here', notifications: 'Notifications' });
  });

  it('when the dictionaries are compared, then every language has every text', () => {
    const keys = Object.keys(INBOX_STRINGS.en!).sort();
    for (const strings of Object.values(INBOX_STRINGS)) expect(Object.keys(strings).sort()).toEqual(keys);
  });

  it('when a direction or a count is asked for, then Arabic reads right to left and the count is put in', () => {
    expect([directionOf('ar-EG'), directionOf('de'), directionOf(undefined)]).toEqual(['rtl', 'ltr', 'ltr']);
    expect(withCount(stringsFor('de').unreadLabel, 3)).toBe('Benachrichtigungen, 3 ungelesen');
  });

  it('when a medium is named, then its label comes from the texts in use, an unknown medium as it is', () => {
    expect(mediumLabel(stringsFor('en'), 'in_app')).toBe('In the app');
    expect(mediumLabel(stringsFor('de'), 'email')).toBe('E-Mail');
    expect(mediumLabel(stringsFor('en', { mediumSms: 'Text' }), 'sms')).toBe('Text');
    expect(mediumLabel(stringsFor('en'), 'pager')).toBe('pager');
  });
});
