import type { Queryable } from '@platform/service-kit';

export async function listBannedWords(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ word: string }>('SELECT word FROM banned_words ORDER BY word');
  return rows.map((r) => r.word);
}

/** Adds the words (already normalised); words already there are kept as they were. */
export async function addBannedWords(db: Queryable, words: string[], createdBy: string): Promise<void> {
  await db.query('INSERT INTO banned_words (word, created_by) SELECT unnest($1::text[]), $2 ON CONFLICT (word) DO NOTHING', [words, createdBy]);
}

export async function removeBannedWords(db: Queryable, words: string[]): Promise<void> {
  await db.query('DELETE FROM banned_words WHERE word = ANY($1::text[])', [words]);
}
