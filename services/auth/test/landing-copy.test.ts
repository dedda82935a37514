import { findTypedFigure } from '@platform/contracts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANDING_PAGES } from '../src/scripts/seed-dev.js';

/**
 * Issue 31 item 5 (principle 4): the landing pages a new installation or a development stack starts with carry no
 * typed figure claim (figure-claims.ts). The built-in templates are seeded without copy (migration 0006: the screen
 * shows its own texts, checked in the frontend's landingCopy test); the development seed's pages have copy, checked
 * here; an admin's copy is refused by the server (referrals.api.test.ts).
 */
describe('seeded landing copy', () => {
  it('when the development seed writes its landing pages, then no part of their copy states a typed figure', () => {
    expect(LANDING_PAGES.length).toBeGreaterThan(0);
    for (const page of LANDING_PAGES) {
      for (const [part, text] of Object.entries(page.content)) {
        expect(findTypedFigure(text ?? ''), `${page.name}.${part}: ${text}`).toBeNull();
      }
    }
  });

  it('when the built-in templates are created by the migrations, then they carry no copy of their own (the screen shows its checked texts)', () => {
    const migration = readFileSync(new URL('../src/data-access/migrations/0006_referrals.sql', import.meta.url), 'utf8');
    const insert = migration.slice(migration.indexOf('INSERT INTO landing_pages'), migration.indexOf('ON CONFLICT', migration.indexOf('INSERT INTO landing_pages')));
    expect(insert).toMatch(/\(name, display_name, description\)/);
    expect(findTypedFigure(insert)).toBeNull();
  });
});
