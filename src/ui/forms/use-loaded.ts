// Something a form needs that loads on demand (a precompiled validator): undefined while it
// loads, the value, or the Error it failed with. `load` must be stable (a module-level function).
import { useEffect, useState } from 'react';

export function useLoaded<T>(load: () => Promise<T>): T | Error | undefined {
  const [loaded, setLoaded] = useState<T | Error>();
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setLoaded(() => value),
      (error: unknown) => live && setLoaded(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [load]);
  return loaded;
}
