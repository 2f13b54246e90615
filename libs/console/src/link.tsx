import type { ComponentChildren } from 'preact';
import { navigate } from './router';

/** A link inside the console: a real href (opens in a new tab too), followed without a reload. */
export function Link({ href, children }: { href: string; children: ComponentChildren }) {
  return (
    <a
      href={href}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
