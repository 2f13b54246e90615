import { INBOX_STYLES } from './styles';

const GEAR = '<svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M19.4 13a7.7 7.7 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.6 7.6 0 0 0-1.7-1L15 3h-4l-.4 2.9a7.6 7.6 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.7 7.7 0 0 0 0 2l-2.1 1.6 2 3.5 2.5-1a7.6 7.6 0 0 0 1.7 1L11 21h4l.4-2.9a7.6 7.6 0 0 0 1.7-1l2.5 1 2-3.5ZM13 15.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7Z"/></svg>';
const BELL = '<svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true"><path fill="currentColor" d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"/></svg>';

/** The element's shadow DOM before anything is loaded: the bell, the panel's parts (filled by the element), the styles. */
export const INBOX_SHELL = `<style>${INBOX_STYLES}</style>
  <button part="bell" class="bell" aria-haspopup="dialog" aria-expanded="false">${BELL}<span part="badge" class="badge" hidden></span></button>
  <span class="sr" aria-live="polite" role="status"></span>
  <div part="toasts" class="toasts" role="status" aria-live="polite"></div>
  <div part="panel" class="panel" role="dialog" hidden>
    <div part="header" class="header"><strong class="heading"></strong><span class="header-buttons"><button part="mark-all" class="mark-all" type="button"></button><button part="settings" class="settings" type="button" aria-pressed="false">${GEAR}</button></span></div>
    <div part="views" class="views" role="group"><button part="view-inbox" class="view" data-view="inbox" type="button" aria-pressed="true"></button><button part="view-archived" class="view" data-view="archived" type="button" aria-pressed="false"></button></div>
    <div part="tabs" class="tabs" role="group" hidden></div>
    <div part="bulk" class="bulk" hidden><span class="bulk-count" role="status"></span><button part="bulk-read" class="bulk-read" type="button"></button><button part="bulk-archive" class="bulk-archive" type="button"></button></div>
    <div part="push" class="push" hidden><button part="push-button" class="push-button" type="button"></button><span part="push-status" class="push-status" role="status"></span></div>
    <div part="status" class="status" hidden></div>
    <ul part="list" class="list" role="list"></ul>
    <div part="empty" class="empty" hidden></div>
    <div part="preferences" class="preferences" hidden></div>
    <div class="sentinel" aria-hidden="true"></div>
  </div>`;
