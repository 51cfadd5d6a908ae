// The client build's stand-in for use-sync-external-store/shim (swr's and @xstate/react's) is
// React's own hook, which the shim itself hands back on React 18 and later.
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { useSyncExternalStore } from './use-sync-external-store';

describe('the stand-in for use-sync-external-store/shim', () => {
  it("is React's useSyncExternalStore", () => {
    expect(typeof React.useSyncExternalStore).toBe('function');
    expect(useSyncExternalStore).toBe(React.useSyncExternalStore);
  });
});
