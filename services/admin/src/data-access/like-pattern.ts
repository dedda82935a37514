/** A LIKE pattern matching text that contains `term` (lower-cased) literally: its backslashes, % and _ are escaped. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}
