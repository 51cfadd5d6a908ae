// jsdom ships no types: the little the server's sanitiser uses (server/services/exams/sanitize-html.ts).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
