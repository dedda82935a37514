import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for the secrets the chat service keeps (the assistants' provider API key). The key comes from the
 * environment (CHAT_SECRETS_KEY: 32 bytes as 64 hex characters or base64, or any passphrase, hashed with SHA-256).
 * Stored form: `v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext). A wrong key or a changed byte fails to open.
 */
export interface TSecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

export function keyFromSecret(secret: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(secret)) return Buffer.from(secret, 'hex');
  const base64 = Buffer.from(secret, 'base64');
  if (base64.length === 32 && /^[A-Za-z0-9+/]+={0,2}$/.test(secret)) return base64;
  return createHash('sha256').update(secret, 'utf8').digest();
}

export function createSecretBox(secret: string): TSecretBox {
  const key = keyFromSecret(secret);
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('Unknown secret format');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
