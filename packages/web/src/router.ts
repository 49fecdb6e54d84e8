/**
 * A tiny history router for the admin SPA and the shop PWA: every screen is a real URL, which the
 * app's own server answers with index.html, so a reload or a shared link opens the same screen.
 */
import { useEffect, useState } from 'react';

/** Goes to `to` like a link would (a new screen starts at the top); `replace` keeps it out of Back. */
export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  window.dispatchEvent(new PopStateEvent('popstate'));
}

/** The path without trailing slashes (`/` stays `/`). */
export const cleanPath = (pathname: string): string => pathname.replace(/\/+$/, '') || '/';

export function useLocation(): { path: string; search: URLSearchParams } {
  const read = () => ({ path: cleanPath(location.pathname), search: new URLSearchParams(location.search) });
  const [loc, setLoc] = useState(read);
  useEffect(() => {
    const on = () => setLoc(read());
    window.addEventListener('popstate', on);
    return () => window.removeEventListener('popstate', on);
  }, []);
  return loc;
}

/** `/orders/:id` against `/orders/abc` gives `{id: 'abc'}`; null when it does not fit (or does not decode). */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = cleanPath(path).split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (!want[i]!.startsWith(':')) {
      if (want[i] !== have[i]) return null;
      continue;
    }
    try {
      params[want[i]!.slice(1)] = decodeURIComponent(have[i]!);
    } catch {
      return null;
    }
  }
  return params;
}
