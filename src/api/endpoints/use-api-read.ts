// The swr read every endpoint's hook is made of. Its own module: the registration card imports the
// endpoints' fetchers only, and must not download swr for hooks it never calls.
import useSWR, { type SWRConfiguration, type SWRResponse } from 'swr';
import type { ApiRequestError } from '../client';

/**
 * swr over one read. `params` null means "not ready yet" (a select whose parent is still empty):
 * swr then fetches nothing, which is how dependent option lists wait for their parent.
 */
export function useApiRead<P, T>(
  params: P | null,
  key: (params: P) => readonly unknown[],
  fetcher: (params: P) => Promise<T>,
  config?: SWRConfiguration<T, ApiRequestError>,
): SWRResponse<T, ApiRequestError> {
  return useSWR<T, ApiRequestError>(
    params === null ? null : key(params),
    () => {
      // swr calls the fetcher only with a key, so params is set here.
      if (params === null) throw new Error('useApiRead: fetched without parameters');
      return fetcher(params);
    },
    config,
  );
}
