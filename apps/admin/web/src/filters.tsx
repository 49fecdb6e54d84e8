/**
 * List filters that live in the URL: a reload or a shared link opens the same filtered list, and
 * Back returns to the filters before. Search boxes are live: the list follows the typing after a
 * short pause, one history entry per pause, not per key.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '@storefront/web';

/** The typed pause before a search box's text becomes the list's query. */
export const SEARCH_DELAY_MS = 300;

/**
 * The page's filters as read from the URL (`keys` only; absent ones are ''), and `set` to change
 * some: a new history entry with the others kept and empty ones dropped.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]): { values: Record<K, string>; set: (patch: Partial<Record<K, string>>) => void } {
  const { search } = useLocation();
  const values = Object.fromEntries(keys.map((k) => [k, search.get(k) ?? ''])) as Record<K, string>;
  const set = (patch: Partial<Record<K, string>>) => {
    const next = new URLSearchParams(location.search);
    for (const [k, v] of Object.entries(patch) as [K, string | undefined][]) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    const query = next.toString();
    const to = `${location.pathname}${query ? `?${query}` : ''}`;
    if (to === `${location.pathname}${location.search}`) return;
    history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  };
  return { values, set };
}

/** The URL's values of `keys` with the empty ones left out: a list call's query. */
export const present = <K extends string>(values: Record<K, string>): Partial<Record<K, string>> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Partial<Record<K, string>>;

/**
 * A search box that searches as one types: `onSearch` gets the trimmed text after a pause of
 * SEARCH_DELAY_MS (at once on Enter). It follows `value` when the URL changes under it (Back).
 */
export function LiveSearch(props: { value: string; onSearch: (text: string) => void; label: string; placeholder: string; hint?: string }) {
  const [text, setText] = useState(props.value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(props.onSearch);
  latest.current = props.onSearch;
  useEffect(() => setText(props.value), [props.value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const change = (next: string) => {
    setText(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(next.trim()), SEARCH_DELAY_MS);
  };
  return (
    <>
      <input
        type="search"
        aria-label={props.label}
        placeholder={props.placeholder}
        value={text}
        onChange={(e) => change(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          clearTimeout(timer.current);
          latest.current(text.trim());
        }}
      />
      {props.hint && <span className="muted hint">{props.hint}</span>}
    </>
  );
}

/** A labelled date input whose value is a filter in the URL (`YYYY-MM-DD`, a UTC day). */
export function DateFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label>
      {label} <input type="date" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

/** A yes / no / either choice as a filter in the URL (`true`, `false` or absent). */
export function YesNoFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label>
      {label}{' '}
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        <option value="true">Yes</option>
        <option value="false">No</option>
      </select>
    </label>
  );
}

/** A row of filters with a way to clear them all when any is set. */
export function FilterBar({ children, active, clear }: { children: ReactNode; active: boolean; clear: () => void }) {
  return (
    <div className="filters" role="search" aria-label="Filters">
      {children}
      {active && (
        <button type="button" className="secondary" onClick={clear}>
          Clear filters
        </button>
      )}
    </div>
  );
}
