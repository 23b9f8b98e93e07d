import webPush from 'web-push';
import type { Queryable } from '../db/db';

// The server's VAPID key pair, which push services check every message against and browsers are
// given when they subscribe. From VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when set; else made once
// and kept in the database, so every replica and every restart signs with the same pair (a new
// pair would orphan every subscription made with the old one).

export interface Vapid {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact a push service may use to reach the operator */
  subject: string;
}

export const vapidKeys = async (db: Queryable, now: number, env: { publicKey?: string; privateKey?: string; subject: string }): Promise<Vapid> => {
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey, subject: env.subject };
  const fresh = webPush.generateVAPIDKeys();
  // the first replica to insert wins; every other one reads what it stored
  await db.query('INSERT INTO server_keys (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING', [
    'vapid',
    JSON.stringify(fresh),
    new Date(now),
  ]);
  const [row] = await db.query<{ value: { publicKey: string; privateKey: string } }>('SELECT value FROM server_keys WHERE name = $1', ['vapid']);
  return { publicKey: row!.value.publicKey, privateKey: row!.value.privateKey, subject: env.subject };
};
