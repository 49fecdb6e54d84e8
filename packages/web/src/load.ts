import { useCallback, useEffect, useState } from 'react';

/**
 * Loads once per `deps` (nothing while `load` is null); `reload()` loads again. While it reloads
 * the last data stays on screen; an answer that arrives after the screen moved on is dropped.
 */
export function useLoad<T>(load: (() => Promise<T>) | null, deps: unknown[]): { data: T | null; error: unknown; loading: boolean; reload: () => void } {
  const [state, setState] = useState<{ data: T | null; error: unknown; loading: boolean }>({ data: null, error: null, loading: true });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!load) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => live && setState({ data, error: null, loading: false }),
      (error: unknown) => live && setState({ data: null, error, loading: false }),
    );
    return () => {
      live = false;
    };
  }, [...deps, load === null, tick]);
  return { ...state, reload: useCallback(() => setTick((t) => t + 1), []) };
}
