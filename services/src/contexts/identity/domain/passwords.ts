import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's recommended minimum: 19 MiB memory, 2 iterations, 1 lane. */
// algorithm 2 is Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyAgainstNobody(password: string): Promise<false> {
  dummy ??= hashPassword('verba-no-such-user-password');
  await verifyPassword(await dummy, password);
  return false;
}
