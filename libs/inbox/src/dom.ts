/** A new element with its class and its `part` (default: the class), and its text when given (always as text). */
export const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, part = className, textContent?: string): HTMLElementTagNameMap[K] => {
  const el = document.createElement(tag);
  el.className = className;
  el.setAttribute('part', part);
  if (textContent !== undefined) el.textContent = textContent;
  return el;
};
