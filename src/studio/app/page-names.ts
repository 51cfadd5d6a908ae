// The pages and programmes by file, so a message can name another page by its title and address
// instead of its file (src/studio/model/friendly-message.ts). Read once per client of the file API.
import { useEffect, useState } from 'react';
import type { PageNames } from '../model/friendly-message';
import type { FileList, StudioApi } from './studio-api';
import { useStudioApi } from './studio-form-context';

const lists = new WeakMap<StudioApi, Promise<FileList>>();

export function pageNamesOf(files: FileList): PageNames {
  return { landings: files.landings, programmes: files.programmes };
}

/** The names, read once per client (a failed read is tried again by the next that asks). */
export function pageNamesFor(api: StudioApi): Promise<PageNames> {
  let list = lists.get(api);
  if (!list) {
    list = api.listFiles();
    lists.set(api, list);
    list.catch(() => lists.delete(api));
  }
  return list.then(pageNamesOf);
}

/** The names, once the list has come (undefined before: messages then say “another page”). */
export function usePageNames(): PageNames | undefined {
  const api = useStudioApi();
  const [names, setNames] = useState<PageNames | undefined>(undefined);
  useEffect(() => {
    let live = true;
    pageNamesFor(api).then(
      (found) => live && setNames(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return names;
}
