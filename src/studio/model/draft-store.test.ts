import { describe, expect, it } from 'vitest';
import { draftKey, draftStore, parseDraft, type DraftStorage } from './draft-store';

function memoryStorage(options: { full?: boolean } = {}): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => {
      if (options.full) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k) => void data.delete(k),
    get length() {
      return data.size;
    },
    key: (i) => [...data.keys()][i] ?? null,
  };
}

const at = new Date('2026-02-01T10:00:00.000Z');

describe('draftStore (drafts survive a reload)', () => {
  it('saves and loads a draft under examflow-studio:draft:<path>', () => {
    const storage = memoryStorage();
    const store = draftStore(storage, () => at);
    expect(store.save('landings/adst.json', { title: 'x' }, 'abc123')).toBe(true);
    expect(draftKey('landings/adst.json')).toBe('examflow-studio:draft:landings/adst.json');
    expect(JSON.parse(storage.data.get('examflow-studio:draft:landings/adst.json') ?? '')).toEqual({
      content: { title: 'x' },
      baseVersion: 'abc123',
      savedAt: '2026-02-01T10:00:00.000Z',
    });
    expect(store.load('landings/adst.json')).toEqual({
      content: { title: 'x' },
      baseVersion: 'abc123',
      savedAt: '2026-02-01T10:00:00.000Z',
    });
    store.save('landings/new.json', { title: 'y' }, null);
    storage.setItem('other-app', '1');
    expect(store.paths()).toEqual(['landings/adst.json', 'landings/new.json']);
    store.remove('landings/adst.json');
    expect(store.load('landings/adst.json')).toBeUndefined();
  });

  it('reads corrupt or foreign data as no draft', () => {
    for (const text of [
      null,
      '',
      '{',
      '[]',
      'null',
      '{"content":1}',
      '{"content":1,"baseVersion":5,"savedAt":"2026-01-01"}',
      '{"content":1,"baseVersion":null,"savedAt":"soon"}',
      '{"baseVersion":null,"savedAt":"2026-01-01"}',
    ])
      expect(parseDraft(text), String(text)).toBeUndefined();
    expect(parseDraft('{"content":null,"baseVersion":null,"savedAt":"2026-01-01T00:00:00Z"}')).toEqual({
      content: null,
      baseVersion: null,
      savedAt: '2026-01-01T00:00:00Z',
    });
  });

  it('answers false when the browser refuses to store, and never throws', () => {
    const store = draftStore(memoryStorage({ full: true }), () => at);
    expect(store.save('landings/adst.json', {}, null)).toBe(false);
    const broken: DraftStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
      removeItem: () => {
        throw new Error('denied');
      },
      length: 1,
      key: () => {
        throw new Error('denied');
      },
    };
    const store2 = draftStore(broken);
    expect(store2.load('x')).toBeUndefined();
    expect(() => store2.remove('x')).not.toThrow();
    expect(store2.paths()).toEqual([]);
  });
});
