// A machine's default for a call the app must provide (`machine.provide({ actors })`): it fails
// with the machine's and the call's names, so a missing implementation says what is missing.
export const notProvided = (machine: string, name: string) => async (): Promise<never> => {
  throw new Error(`${machine}: provide the ${name} actor`);
};
