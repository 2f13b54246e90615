import { defineHeraldInbox, HeraldInbox } from './herald-inbox';

export { HeraldInbox, defineHeraldInbox, type RenderItem } from './herald-inbox';
export { badgeText, contentOf, relativeTime } from './view-model';

// Loading the module registers <herald-inbox> (the one-file bundle served at /ui/herald-inbox.js).
if (typeof customElements !== 'undefined') defineHeraldInbox();
export default HeraldInbox;
