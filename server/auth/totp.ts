import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

// TOTP (RFC 6238) with the authenticator defaults every app reads: SHA-1, 6 digits, 30 s.
// A code is accepted from the previous, current or next period (clock drift of a phone), and
// never twice: the matched time step must be newer than the last one used.

export const TOTP_PERIOD_S = 30;
const TOLERANCE_S = TOTP_PERIOD_S;

export interface Enrolment {
  secret: string;
  otpauthUrl: string;
  qrDataUrl: string;
}

/** A fresh 160-bit secret with its otpauth URL and QR code (issuer: the platform's name). */
export const newEnrolment = async (issuer: string, label: string): Promise<Enrolment> => {
  const secret = generateSecret({ length: 20 });
  const otpauthUrl = generateURI({ issuer, label, secret });
  const qrDataUrl = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUrl, qrDataUrl };
};

/** The time step the code matched (newer than `afterTimeStep`), or null. */
export const checkTotp = async (secret: string, code: string, now: Date, afterTimeStep: number): Promise<number | null> => {
  try {
    const r = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: TOLERANCE_S,
      ...(afterTimeStep > 0 ? { afterTimeStep } : {}),
    });
    return r.valid && 'timeStep' in r ? r.timeStep : null;
  } catch {
    return null; // malformed secret or token: not a match
  }
};

// Recovery codes: ten of `xxxx-xxxx` from an alphabet without look-alikes (0/o, 1/l/i), 40 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_CODE_COUNT = 10;

export const newRecoveryCodes = (): string[] =>
  Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });

/** Case and the dash do not matter when typing a recovery code back. */
export const hashRecoveryCode = (accountId: number, code: string): string =>
  createHash('sha256')
    .update(`${accountId}\n${code.toLowerCase().replace(/-/g, '')}`)
    .digest('hex');
