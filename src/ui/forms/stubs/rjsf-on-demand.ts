// @rjsf's whole registry (every field, widget and template it ships), imported only by
// rjsf-registry.tsx's stand-ins when a form needs a piece the cut registry leaves out (decision
// 005). Its chunk is not part of any route's budget: no form schema of examflow needs it
// (rjsf-registry.test.tsx), so no page loads it today.
export { default as fullRegistry } from '@rjsf/core/lib/getDefaultRegistry.js';
