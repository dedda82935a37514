/** The built-in landing templates (spec 01 s.2): a referral link's page name picks one, default crypto-gaming. */
export const LANDING_TEMPLATES = ['crypto-gaming', 'professional-tester'] as const;
export type TLandingTemplate = (typeof LANDING_TEMPLATES)[number];

export function toLandingTemplate(name: string | null | undefined): TLandingTemplate {
  return name === 'professional-tester' ? 'professional-tester' : 'crypto-gaming';
}
