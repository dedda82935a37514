import type { Queryable } from '@platform/service-kit';

export interface TReference {
  type: string;
  id: string;
}

/** Keeps the words for a reference (the first one given wins, so a redelivered event changes nothing). */
export async function keepReferenceDescription(db: Queryable, reference: TReference, description: string): Promise<void> {
  await db.query(
    `INSERT INTO reference_descriptions (reference_type, reference_id, description) VALUES ($1, $2, $3)
     ON CONFLICT (reference_type, reference_id) DO NOTHING`,
    [reference.type, reference.id, description],
  );
}

/** The descriptions of these references, in one query, keyed by "type:id". */
export async function findReferenceDescriptions(db: Queryable, references: readonly TReference[]): Promise<Map<string, string>> {
  if (references.length === 0) return new Map();
  const { rows } = await db.query<{ reference_type: string; reference_id: string; description: string }>(
    `SELECT d.reference_type, d.reference_id, d.description
     FROM unnest($1::text[], $2::text[]) AS r(reference_type, reference_id)
     JOIN reference_descriptions d USING (reference_type, reference_id)`,
    [references.map((r) => r.type), references.map((r) => r.id)],
  );
  return new Map(rows.map((row) => [`${row.reference_type}:${row.reference_id}`, row.description]));
}
