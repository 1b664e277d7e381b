/** ISO-8601 UTC text: the portable timestamp format of every table (sortable as text). */
export const nowIso = (): string => new Date().toISOString();
