import { afterEach } from 'vitest';
import { takeCspViolations } from './csp.js';

// Every journey fails on a Content-Security-Policy violation, even one after its last screen check.
afterEach(() => {
  const seen = takeCspViolations();
  if (seen.length > 0) throw new Error(`Content-Security-Policy violation(s) during the test:\n${seen.join('\n')}`);
});
