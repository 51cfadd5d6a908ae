// Times as the database stores them (ISO 8601 text, UTC) and the arithmetic on them. A module of its
// own, importing nothing: the context, the providers and the services all use it.
export const iso = (date: Date): string => date.toISOString();
export const addMs = (date: Date, ms: number): Date => new Date(date.getTime() + ms);
