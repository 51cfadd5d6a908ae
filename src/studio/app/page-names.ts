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

/** The names, once the list has come (undefined before: messages then say “another page”). */
export function usePageNames(): PageNames | undefined {
  const api = useStudioApi();
  const [names, setNames] = useState<PageNames | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let list = lists.get(api);
    if (!list) {
      list = api.listFiles();
      lists.set(api, list);
      // A failed read is tried again by the next screen that asks.
      list.catch(() => lists.delete(api));
    }
    list.then(
      (files) => live && setNames(pageNamesOf(files)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api]);
  return names;
}
