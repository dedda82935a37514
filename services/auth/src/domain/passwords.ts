import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): memory-hard and slow on purpose. */
export async function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

let dummyHash: Promise<string> | undefined;

/** Computes the dummy hash ahead of the first login, so even that one takes the usual time. */
export async function prepareDummyHash(): Promise<void> {
  dummyHash ??= hashPassword('dummy password that matches nothing');
  await dummyHash;
}

/**
 * Verifies a password against a stored hash. With no stored hash (unknown e-mail) it still verifies against a
 * dummy hash, so a wrong e-mail takes as long as a wrong password and the answer leaks nothing.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    await prepareDummyHash();
    await argon2.verify(await dummyHash!, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(storedHash, password);
  } catch {
    return false;
  }
}
