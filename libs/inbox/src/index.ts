import { defineHeraldInbox, HeraldInbox } from './herald-inbox';

export { HeraldInbox, defineHeraldInbox } from './herald-inbox';
export type { RenderItem } from './item-view';
export { actionsOf, badgeText, contentOf, relativeTime } from './view-model';
export { INBOX_STRINGS, stringsFor, directionOf, type InboxStrings } from './i18n';

// Loading the module registers <herald-inbox> (the one-file bundle served at /ui/herald-inbox.js).
if (typeof customElements !== 'undefined') defineHeraldInbox();
export default HeraldInbox;
