// The dashboard page's first read, asked by an inline script of its head as the head is parsed,
// before the page script, its chunks and its stylesheet (decision 035). The app's client takes the
// answer (src/api/early-reads.ts).
//
// One inline script, the same text on every page that has it; the CSP names its hash
// (server/security-headers.ts). Written as plain text, not a function's source, so that its hash
// cannot differ between the build and the server. It reads the token as src/app/session-token.ts
// does (a non-empty string, else no session), sends Accept, Authorization and the page's language
// as src/api/request-headers.ts does (src/api/early-reads.test.ts checks both), and never throws.

/** Where the session lives in local storage (src/app/session-token.ts reads the rest of it). */
export const SESSION_STORAGE_KEY = 'examflow:session';
/** Where the script leaves its requests, one per path, token and language. */
export const EARLY_READS_GLOBAL = '__efEarlyReads';
/** The attributes of the script's element: the paths to read, and the page paths to read them on. */
export const EARLY_READS_ATTRIBUTE = 'data-early-reads';
export const EARLY_READS_AT_ATTRIBUTE = 'data-early-reads-at';

export const EARLY_READS_SCRIPT =
  '(function(){try{' +
  'var d=document,s=d.currentScript,w=window;' +
  `if(s.getAttribute("${EARLY_READS_AT_ATTRIBUTE}").split(" ").indexOf(location.pathname)===-1)return;` +
  `var v=JSON.parse(localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)})||"null"),t=v&&v.token;` +
  'if(typeof t!=="string"||!t)return;' +
  `var l=d.documentElement.lang,r=w.${EARLY_READS_GLOBAL}={};` +
  `s.getAttribute("${EARLY_READS_ATTRIBUTE}").split(" ").forEach(function(p){` +
  'var h={accept:"application/json",authorization:"Bearer "+t};if(l)h["accept-language"]=l;' +
  'var f=fetch(p,{method:"GET",headers:h,credentials:"same-origin"});f.catch(function(){});' +
  'r[[p,h.authorization,h["accept-language"]].join("\\n")]=f})' +
  '}catch(e){}})()';
