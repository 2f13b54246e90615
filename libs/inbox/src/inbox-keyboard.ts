export interface KeyboardTargets {
  root: ShadowRoot;
  panel: HTMLElement;
  toggle(open: boolean): void;
  /** Focuses the first item, or the first one drawn while the page is still loading. */
  focusFirstItem(): void;
}

/** On the bell: Escape closes; ArrowDown opens the panel if need be and moves focus to the first item. */
export function onBellKey(e: KeyboardEvent, { panel, toggle, focusFirstItem }: KeyboardTargets): void {
  if (e.key === 'Escape') toggle(false);
  else if (e.key === 'ArrowDown') {
    e.preventDefault();
    if (panel.hidden) toggle(true);
    focusFirstItem();
  }
}

/** In the panel: Escape closes; ArrowDown and ArrowUp move focus between the items. */
export function onPanelKey(e: KeyboardEvent, { root, toggle }: KeyboardTargets): void {
  if (e.key === 'Escape') {
    toggle(false);
    return;
  }
  if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
  const buttons = [...root.querySelectorAll<HTMLElement>('.item')];
  const at = buttons.indexOf(root.activeElement as HTMLElement);
  const next = buttons[Math.min(buttons.length - 1, Math.max(0, at + (e.key === 'ArrowDown' ? 1 : -1)))];
  next?.focus();
  e.preventDefault();
}
