/**
 * Substring search through the search indexes of migration 10 (docs/performance.md, "Search").
 * PostgreSQL: `LIKE '%…%'` on the indexed expressions, served by pg_trgm GIN indexes. SQLite: an
 * FTS5 trigram table per searched table, queried with `MATCH` and a phrase.
 */

/**
 * `text` as an FTS5 phrase, which the trigram tokenizer matches as a case-insensitive substring;
 * null when `text` is shorter than one trigram (no index can serve it: the caller scans instead).
 */
export function trigramPhrase(text: string): string | null {
  return [...text].length >= 3 ? `"${text.replace(/"/g, '""')}"` : null;
}
