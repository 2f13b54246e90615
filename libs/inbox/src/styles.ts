/** The dark palette: the `--herald-*` defaults a page's own values still override. */
const DARK = `color-scheme: dark; --herald-fg: #e6edf3; --herald-bg: #161b22; --herald-muted: #9ca3af; --herald-border: #30363d; --herald-hover-bg: #262c36; --herald-unread-bg: #1c2541; --herald-accent: #a5b4fc; --herald-accent-fg: #111827; --herald-status-bg: #0d1117; --herald-error: #fca5a5;`;

/**
 * Shadow styles of <herald-inbox>; every colour and size is a `--herald-*` custom property.
 * `theme="dark"` uses the dark palette, `theme="light"` the light one, `auto` (or none) follows `prefers-color-scheme`.
 */
export const INBOX_STYLES = `
:host([theme="dark"]) { ${DARK} }
@media (prefers-color-scheme: dark) { :host(:not([theme="light"])) { ${DARK} } }
:host { position: relative; display: inline-block; font: var(--herald-font, 14px/1.4 system-ui, sans-serif); color: var(--herald-fg, #1f2328); }
button { font: inherit; color: inherit; }
.bell { position: relative; display: inline-flex; align-items: center; justify-content: center; width: 40px; height: 40px; border: 0; border-radius: 50%; background: var(--herald-bell-bg, transparent); cursor: pointer; }
.bell:hover { background: var(--herald-hover-bg, #f3f4f6); }
.bell:focus-visible, .item:focus-visible, .mark-all:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.badge { position: absolute; top: 2px; right: 0; min-width: 18px; height: 18px; padding: 0 5px; box-sizing: border-box; border-radius: 9px; background: var(--herald-badge-bg, #dc2626); color: var(--herald-badge-fg, #fff); font-size: 11px; font-weight: 600; line-height: 18px; text-align: center; }
.badge[hidden], .panel[hidden], .status[hidden], .empty[hidden] { display: none; }
.panel { position: absolute; right: 0; top: 46px; z-index: 1000; width: var(--herald-panel-width, 360px); max-height: var(--herald-panel-height, 480px); overflow-y: auto; background: var(--herald-bg, #fff); border: 1px solid var(--herald-border, #e5e7eb); border-radius: var(--herald-radius, 12px); box-shadow: 0 10px 30px rgba(0,0,0,.12); }
.header { position: sticky; top: 0; display: flex; justify-content: space-between; align-items: center; padding: 12px 16px; background: var(--herald-bg, #fff); border-bottom: 1px solid var(--herald-border, #e5e7eb); }
.mark-all { border: 0; background: none; color: var(--herald-accent, #4f46e5); cursor: pointer; padding: 4px; }
.push { display: flex; gap: 8px; align-items: center; padding: 8px 16px; border-bottom: 1px solid var(--herald-border, #e5e7eb); font-size: 13px; }
.push[hidden] { display: none; }
.push-button { border: 1px solid var(--herald-border, #e5e7eb); border-radius: 6px; background: var(--herald-bg, #fff); color: var(--herald-accent, #4f46e5); padding: 4px 8px; cursor: pointer; }
.push-button:disabled { color: var(--herald-muted, #6b7280); cursor: default; }
.push-status { color: var(--herald-muted, #4b5563); }
.push-status[data-outcome="failed"], .push-status[data-outcome="denied"] { color: var(--herald-error, #b91c1c); }
.push-button[hidden] { display: none; }
.mark-all:disabled { color: var(--herald-muted, #6b7280); cursor: default; }
.status { padding: 8px 16px; font-size: 13px; color: var(--herald-muted, #6b7280); background: var(--herald-status-bg, #f9fafb); }
.status[data-state="error"] { color: var(--herald-error, #b91c1c); }
.list { list-style: none; margin: 0; padding: 0; }
.item { display: flex; gap: 10px; width: 100%; padding: 12px 16px 6px; border: 0; background: var(--herald-bg, #fff); text-align: start; cursor: pointer; }
.item:hover { background: var(--herald-hover-bg, #f3f4f6); }
.item.unread { background: var(--herald-unread-bg, #eef2ff); }
.item.unread .title::before { content: ''; display: inline-block; width: 8px; height: 8px; margin-inline-end: 6px; border-radius: 50%; background: var(--herald-accent, #4f46e5); vertical-align: middle; }
.item-actions { display: flex; flex-wrap: wrap; gap: 6px; justify-content: flex-end; padding: 0 16px 8px; }
.list li { background: var(--herald-bg, #fff); border-bottom: 1px solid var(--herald-border, #f1f5f9); }
.list li:has(.item.unread) { background: var(--herald-unread-bg, #eef2ff); }
.action, .archive { border: 1px solid var(--herald-border, #e5e7eb); border-radius: 6px; background: var(--herald-bg, #fff); padding: 2px 8px; font-size: 12px; cursor: pointer; }
.action.primary { background: var(--herald-accent, #4f46e5); border-color: var(--herald-accent, #4f46e5); color: var(--herald-accent-fg, #fff); }
.action[aria-pressed="true"] { outline: 2px solid var(--herald-accent, #4f46e5); font-weight: 600; }
.archive { color: var(--herald-muted, #4b5563); }
.snooze { font-size: 12px; }
.snooze[open] { order: 1; display: flex; flex-direction: column; align-items: flex-end; flex-basis: 100%; }
.snooze-button { list-style: none; border: 1px solid var(--herald-border, #e5e7eb); border-radius: 6px; padding: 2px 8px; cursor: pointer; color: var(--herald-muted, #4b5563); }
.snooze-button::-webkit-details-marker { display: none; }
.snooze-options { display: flex; flex-wrap: wrap; justify-content: flex-end; gap: 4px; margin-top: 4px; }
.snooze-option { border: 1px solid var(--herald-border, #e5e7eb); background: var(--herald-bg, #fff); padding: 2px 8px; font-size: 12px; cursor: pointer; border-radius: 6px; }
.snooze-option:hover, .snooze-option:focus-visible { background: var(--herald-unread-bg, #eef2ff); }
.snooze-button:focus-visible, .snooze-option:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.action:focus-visible, .archive:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.views { display: flex; gap: 4px; padding: 6px 16px; border-bottom: 1px solid var(--herald-border, #e5e7eb); }
.view { border: 0; border-radius: 6px; background: none; padding: 4px 10px; cursor: pointer; color: var(--herald-muted, #4b5563); }
.view[aria-pressed="true"] { background: var(--herald-hover-bg, #f3f4f6); color: var(--herald-fg, #1f2328); font-weight: 600; }
.tabs { display: flex; gap: 4px; padding: 6px 16px; border-bottom: 1px solid var(--herald-border, #e5e7eb); overflow-x: auto; }
.tabs[hidden] { display: none; }
.tab { border: 0; border-radius: 6px; background: none; padding: 4px 10px; cursor: pointer; white-space: nowrap; color: var(--herald-muted, #4b5563); }
.tab[aria-pressed="true"] { background: var(--herald-hover-bg, #f3f4f6); color: var(--herald-fg, #1f2328); font-weight: 600; }
.tab:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.tab-count { display: inline-block; min-width: 16px; padding: 0 4px; border-radius: 8px; background: var(--herald-badge-bg, #dc2626); color: var(--herald-badge-fg, #fff); font-size: 11px; line-height: 16px; text-align: center; }
.bulk { display: flex; gap: 8px; align-items: center; padding: 6px 16px; border-bottom: 1px solid var(--herald-border, #e5e7eb); background: var(--herald-status-bg, #f9fafb); font-size: 13px; }
.bulk[hidden] { display: none; }
.bulk-count { flex: 1; }
.bulk button { border: 1px solid var(--herald-border, #e5e7eb); border-radius: 6px; background: var(--herald-bg, #fff); padding: 2px 8px; font-size: 12px; cursor: pointer; }
.row { display: flex; align-items: flex-start; }
.select { margin: 14px 0 0; margin-inline-start: 12px; accent-color: var(--herald-accent, #4f46e5); }
.row .item { padding-inline-start: 10px; background: transparent; }
.view:focus-visible, .bulk button:focus-visible, .select:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.header-buttons { display: flex; gap: 4px; align-items: center; }
.settings { display: inline-flex; border: 0; background: none; padding: 4px; border-radius: 6px; color: var(--herald-muted, #4b5563); cursor: pointer; }
.settings[aria-pressed="true"] { background: var(--herald-hover-bg, #f3f4f6); color: var(--herald-fg, #1f2328); }
.settings:focus-visible, .preference-toggle:focus-visible, .list-toggle:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.preferences { padding: 4px 16px 12px; }
.preferences[hidden] { display: none; }
.preferences h2, .preferences h3 { font-size: 14px; margin: 10px 0 6px; }
.preferences-status { margin: 0; min-height: 1.4em; font-size: 12px; color: var(--herald-muted, #4b5563); }
.preference-list, .list-entries { list-style: none; margin: 0; padding: 0; }
.preference, .list-entry { display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 6px 0; border-bottom: 1px solid var(--herald-border, #f1f5f9); }
.preference-label { display: flex; gap: 8px; align-items: center; flex: 1; cursor: pointer; }
.preference-toggle { accent-color: var(--herald-accent, #4f46e5); }
.preference-medium { margin-inline-start: auto; font-size: 12px; color: var(--herald-muted, #4b5563); }
.preference-locked { display: inline-flex; gap: 4px; align-items: center; font-size: 12px; color: var(--herald-muted, #4b5563); }
.list-toggle { border: 1px solid var(--herald-border, #e5e7eb); border-radius: 6px; background: var(--herald-bg, #fff); padding: 2px 8px; font-size: 12px; cursor: pointer; }
.toasts { position: absolute; right: 0; top: 46px; z-index: 1001; display: flex; flex-direction: column; gap: 6px; width: var(--herald-panel-width, 360px); }
.toast { text-align: start; padding: 10px 14px; border: 1px solid var(--herald-border, #e5e7eb); border-radius: var(--herald-radius, 12px); background: var(--herald-bg, #fff); box-shadow: 0 6px 20px rgba(0,0,0,.12); cursor: pointer; font-weight: 600; }
.toast:focus-visible { outline: 2px solid var(--herald-accent, #4f46e5); outline-offset: 2px; }
.avatar { width: 32px; height: 32px; border-radius: 50%; object-fit: cover; flex: none; }
.text { display: flex; flex-direction: column; gap: 2px; min-width: 0; }
.title { font-weight: 600; }
.item:not(.unread) .title { font-weight: 400; }
.body { color: var(--herald-muted, #4b5563); overflow-wrap: anywhere; }
time { font-size: 12px; color: var(--herald-muted, #4b5563); }
.empty { padding: 32px 16px; text-align: center; color: var(--herald-muted, #6b7280); }
.sentinel { height: 1px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
