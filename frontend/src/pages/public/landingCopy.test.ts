import { findTypedFigure } from '@platform/contracts/figure-claims';
import { describe, expect, it } from 'vitest';
import { en, type TCatalogue } from '../../locales/en';
import { ru } from '../../locales/ru';

/**
 * Issue 31 item 5 (principle 4): the landing and referral screens show no figure that is not computed by the
 * platform. Their built-in copy (what a landing page says until an admin edits it, in both languages) carries no
 * typed figure claim (a number about money, shares, durations or counts of people or work: figure-claims.ts); the
 * numbers they show are the live figures from GET /api/public/figures. The admin's copy is refused by the server
 * by the same rule (auth's referrals tests), and the seeded pages are checked in auth's landing-copy test.
 */
function builtInCopy(catalogue: TCatalogue): [string, string][] {
  const r = catalogue.referrals.landing;
  const l = catalogue.landing;
  return [
    ['landing.crypto-gaming.title', l['crypto-gaming'].title],
    ['landing.crypto-gaming.intro', l['crypto-gaming'].intro],
    ['landing.professional-tester.title', l['professional-tester'].title],
    ['landing.professional-tester.intro', l['professional-tester'].intro],
    ['landing.howPaid', l.howPaid],
    ['landing.figuresSoon', l.figuresSoon],
    ['referrals.landing.crypto-gaming.work', r['crypto-gaming'].work],
    ['referrals.landing.professional-tester.work', r['professional-tester'].work],
    ['referrals.landing.payment', r.payment],
    ['referrals.landing.workTitle', r.workTitle],
    ['trust.link', catalogue.trust.link],
  ];
}

describe('the landing pages\' built-in copy (issue 31 item 5)', () => {
  it.each([
    ['English', en],
    ['Russian', ru],
  ] as const)('when shown in %s, then no text states a typed figure', (_language, catalogue) => {
    for (const [key, text] of builtInCopy(catalogue)) {
      expect(findTypedFigure(text), `${key}: ${text}`).toBeNull();
    }
  });

  it('when a text did state one, then the check would catch it (the rule is live)', () => {
    expect(findTypedFigure(`${en.landing['crypto-gaming'].intro} Earn $300 a week.`)).toBe('$300');
    expect(findTypedFigure(`${ru.referrals.landing.payment} Выплата за 24 часа.`)).toBe('24 часа');
  });
});
