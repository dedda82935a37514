/** The landing and referral screens: one small chunk of their own, loaded only on /landing/* and /ref/*. */
export { LandingPage } from './LandingPage';
export { ReferralPage } from './ReferralPage';
