import { createElement, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { navigate } from './router.ts';

/**
 * True when a click on an in-app link should stay in the page: a plain primary-button click on a
 * link meant for this tab. Ctrl/cmd/shift/alt-clicks, the middle button and links with another
 * `target` are left to the browser (new tab, new window, download).
 */
export function staysInApp(e: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey' | 'defaultPrevented'>, target?: string): boolean {
  return !e.defaultPrevented && e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey && (!target || target === '_self');
}

/** A link to a screen of the app: a real `href` (it opens in a new tab too), history navigation on a plain click. */
export function Link({ to, onClick, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  return createElement('a', {
    ...rest,
    href: to,
    onClick: (e: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(e);
      if (!staysInApp(e, rest.target)) return;
      e.preventDefault();
      navigate(to);
    },
  });
}
