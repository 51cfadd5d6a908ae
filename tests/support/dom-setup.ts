// Vitest setup for every unit test file. In the files that run in jsdom, Testing Library's findBy…
// and waitFor wait up to 10 s instead of 1 s: the suite runs two files at once on two cores, and a
// lazily loaded view (the Studio's editor) can take over a second to appear on a busy machine
// (over 5 s with a second suite beside it: issue 35 asks the suite to pass under load). A wait
// that succeeds returns as soon as it does, so this costs a passing test nothing.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/react');
  configure({ asyncUtilTimeout: 10_000 });
}

export {};
