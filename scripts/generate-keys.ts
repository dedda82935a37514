/**
 * `npm run keys`: writes a fresh Ed25519 key pair for the access tokens into .env (for docker compose), and the chat
 * service's CHAT_SECRETS_KEY (AES-256-GCM, 32 random bytes) when .env has none yet: it is kept, since a new one could
 * not open what the old one sealed.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const oneLine = (pem: string) => JSON.stringify(pem.trim()).slice(1, -1); // newlines as \n, read back by the services
const lines = existsSync('.env') ? readFileSync('.env', 'utf8').split('\n').filter((l) => l && !/^JWT_(PUBLIC|PRIVATE)_KEY=/.test(l)) : [];
lines.push(`JWT_PRIVATE_KEY="${oneLine(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())}"`);
lines.push(`JWT_PUBLIC_KEY="${oneLine(publicKey.export({ type: 'spki', format: 'pem' }).toString())}"`);
if (!lines.some((l) => l.startsWith('CHAT_SECRETS_KEY='))) lines.push(`CHAT_SECRETS_KEY=${randomBytes(32).toString('hex')}`);
writeFileSync('.env', `${lines.join('\n')}\n`, { mode: 0o600 });
console.log('Wrote a new JWT key pair to .env (keep it secret; the private key is only given to the auth service).');
