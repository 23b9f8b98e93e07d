import { hash, verify } from '@node-rs/argon2';

// The console sends MD5(password); we store argon2id of that string, never the MD5 itself.
// Parameters: OWASP ASVS v5 / Password Storage Cheat Sheet argon2id minimum (m=19 MiB, t=2, p=1).
const PARAMS = { algorithm: 2 /* Argon2id; the enum is an ambient const enum */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (md5hex: string): Promise<string> => hash(md5hex, PARAMS);

export const verifyPassword = async (stored: string, md5hex: string): Promise<boolean> => {
  try {
    return await verify(stored, md5hex);
  } catch {
    return false;
  }
};

/** A real hash of a random value: verifying against it costs the same as a real account,
 *  so an unknown account and a wrong password take the same time. */
let dummy: Promise<string> | null = null;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('0'.repeat(32)));
