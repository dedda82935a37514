import { describe, expect, it } from 'vitest';
import { ADMIN_ROUTES } from './adminRoutes';
import { ADMIN_SECTIONS, resolveSection } from './adminSections';

describe('the admin console route table', () => {
  it('when any section of the side menu is opened, then it has a page (none says it is not built: issue 14)', () => {
    const missing = ADMIN_SECTIONS.filter((section) => !ADMIN_ROUTES[resolveSection(section)]);
    expect(missing).toEqual([]);
  });
});
