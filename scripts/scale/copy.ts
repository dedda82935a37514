/**
 * COPY ... FROM STDIN in PostgreSQL's text format, fed from a generator of rows (pg-copy-streams): the scale seed's
 * one way of writing many rows. Values: null/undefined -> \N, booleans t/f, Date -> ISO text, objects -> JSON,
 * arrays -> a PostgreSQL array literal of text; strings are escaped (backslash, tab, newline, carriage return).
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

function escapeText(text: string): string {
  return text.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r'));
}

function field(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return escapeText(`{${value.map((v) => `"${String(v).replace(/["\\]/g, '\\$&')}"`).join(',')}}`);
  if (typeof value === 'object') return escapeText(JSON.stringify(value));
  return escapeText(String(value));
}

/**
 * Streams the rows into table (columns in the order given); resolves with how many. Backpressure is respected.
 * `keepExisting`: the rows go through a temporary table and a row whose key is already there is skipped. For the
 * read models a running service also writes: a job of the stack (an assignment's time limit, an auto-approval) may
 * act on the rows already seeded and its event reach the consumer first; that row is newer than the seed's picture.
 */
export async function copyRows(pool: pg.Pool, table: string, columns: readonly string[], rows: Iterable<readonly unknown[]>, keepExisting = false): Promise<number> {
  const client = await pool.connect();
  let count = 0;
  function* chunks(): Generator<string> {
    let buffer = '';
    for (const row of rows) {
      buffer += `${row.map(field).join('\t')}\n`;
      count += 1;
      if (buffer.length > 256 * 1024) {
        yield buffer;
        buffer = '';
      }
    }
    if (buffer) yield buffer;
  }
  const list = columns.join(', ');
  try {
    if (!keepExisting) {
      await pipeline(Readable.from(chunks()), client.query(copyFrom(`COPY ${table} (${list}) FROM STDIN`)));
      return count;
    }
    await client.query('BEGIN');
    await client.query(`CREATE TEMP TABLE seed_rows (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`);
    await pipeline(Readable.from(chunks()), client.query(copyFrom(`COPY seed_rows (${list}) FROM STDIN`)));
    await client.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM seed_rows ON CONFLICT DO NOTHING`);
    await client.query('COMMIT');
    return count;
  } catch (error) {
    if (keepExisting) await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
