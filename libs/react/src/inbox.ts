import { createElement, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useHerald } from './herald-provider.js';

/** The element's custom properties (see docs/inbox.md): set through a ref, not attributes. */
interface HeraldInboxElement extends HTMLElement {
  tokenProvider: (() => Promise<string>) | null;
  strings: Record<string, string>;
}

export interface InboxProps {
  pageSize?: number;
  badge?: 'unread' | 'unseen';
  theme?: 'auto' | 'light' | 'dark';
  locale?: string;
  open?: boolean;
  /** Opt-in web push: the service worker URL on the page's origin (see docs/inbox.md). */
  push?: string;
  /** Texts overriding the locale's dictionary. */
  strings?: Record<string, string>;
  /** Called with a notification before the element follows its url (`herald-open`); `preventDefault` keeps the page. */
  onOpen?: (event: CustomEvent) => void;
  /**
   * Where the `<herald-inbox>` module is loaded from when the page has not defined the element
   * yet (default: the gateway's `/ui/herald-inbox.js`); `null` when the page loads it itself.
   */
  elementSrc?: string | null;
  className?: string;
  style?: CSSProperties;
}

/** Loads the element's module once per page (in the browser only: effects do not run on the server). */
function loadElement(src: string): void {
  if (customElements.get('herald-inbox') || document.querySelector(`script[data-herald-inbox]`)) return;
  const script = document.createElement('script');
  script.type = 'module';
  script.src = src;
  script.dataset.heraldInbox = '';
  document.head.append(script);
}

/**
 * `<herald-inbox>` for the provider's recipient: the bell, the badge and the panel, live. The
 * element starts once the recipient token is known; after a 401 it asks the provider for a fresh one.
 */
export function Inbox(props: InboxProps) {
  const { baseUrl, recipientId, token, freshToken } = useHerald();
  const ref = useRef<HeraldInboxElement | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const { elementSrc = `${baseUrl}/ui/herald-inbox.js`, onOpen, strings } = props;

  useEffect(() => {
    let live = true;
    token().then((t) => live && setCurrent(t), () => undefined);
    return () => {
      live = false;
    };
  }, [token]);
  useEffect(() => {
    if (elementSrc) loadElement(elementSrc);
  }, [elementSrc]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.tokenProvider = freshToken;
    if (strings) el.strings = strings;
    if (!onOpen) return;
    const listener = (e: Event) => onOpen(e as CustomEvent);
    el.addEventListener('herald-open', listener);
    return () => el.removeEventListener('herald-open', listener);
  }, [freshToken, strings, onOpen]);

  return createElement('herald-inbox', {
    ref,
    'base-url': baseUrl,
    // The element starts when it has a recipient: only once the token is there.
    'recipient-id': current === null ? undefined : recipientId,
    token: current ?? undefined,
    'page-size': props.pageSize,
    badge: props.badge,
    theme: props.theme,
    locale: props.locale,
    open: props.open ? '' : undefined,
    push: props.push,
    className: props.className,
    style: props.style,
  });
}
