import { describe, expect, it } from 'vitest';
import { isDevtoolsShortcut } from './devtools-shortcuts';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'shiftKey' | 'altKey' | 'metaKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...mods,
});

describe('isDevtoolsShortcut', () => {
  it.each([
    key('F12'),
    key('I', { ctrlKey: true, shiftKey: true }),
    key('C', { ctrlKey: true, shiftKey: true }),
    key('J', { ctrlKey: true, shiftKey: true }),
    key('u', { ctrlKey: true }),
  ])('blocks %o', (event) => expect(isDevtoolsShortcut(event)).toBe(true));

  it.each([
    key('c', { ctrlKey: true }), // copy
    key('v', { ctrlKey: true }), // paste
    key('i'),
    key('u'),
    key('U', { ctrlKey: true, shiftKey: true }),
    key('F5'),
    key('i', { ctrlKey: true, shiftKey: true, altKey: true }),
  ])('lets %o through', (event) => expect(isDevtoolsShortcut(event)).toBe(false));
});
