// Stands in for use-sync-external-store/shim in the client bundle (scripts/lib/vite-client-config.ts,
// decision 005): swr and @xstate/react import the shim so as to run on React 16 and 17; on React
// 18 and later the shim hands back React's own hook, which is all this module does, without the
// shim's fallback for a React that lacks it.
export { useSyncExternalStore } from 'react';
