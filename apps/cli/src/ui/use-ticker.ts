import { useEffect, useState } from 'react';

/** The current time (`performance.now()`), refreshed every `intervalMs` while `active`, so running calls show their elapsed time. */
export function useTicker(active: boolean, intervalMs = 100): number {
  const [now, setNow] = useState(() => performance.now());
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setNow(performance.now()), intervalMs);
    return () => clearInterval(timer);
  }, [active, intervalMs]);
  return active ? now : performance.now();
}
