/** `npm run keys`: writes a fresh Ed25519 key pair for the access tokens into .env (for docker compose). */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const oneLine = (pem: string) => JSON.stringify(pem.trim()).slice(1, -1); // newlines as \n, read back by the services
const lines = existsSync('.env') ? readFileSync('.env', 'utf8').split('\n').filter((l) => l && !/^JWT_(PUBLIC|PRIVATE)_KEY=/.test(l)) : [];
lines.push(`JWT_PRIVATE_KEY="${oneLine(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())}"`);
lines.push(`JWT_PUBLIC_KEY="${oneLine(publicKey.export({ type: 'spki', format: 'pem' }).toString())}"`);
writeFileSync('.env', `${lines.join('\n')}\n`, { mode: 0o600 });
console.log('Wrote a new JWT key pair to .env (keep it secret; the private key is only given to the auth service).');
