import { knownSessions, livePrincipal } from './access';
import type { Dynsec } from './dynsec';
import { parseNote, SESSION_TEXTNAME, sessionUsername, type SessionNote } from './external-roles';
import type { BrokerDeps } from './types';

// The external broker's console-session clients at (re)connect: which ones this server adopts,
// which it deletes, and which belong to someone else.

/** A session's dynsec client as this process last wrote or adopted it. */
export interface Tracked {
  username: string;
  roles: string[];
}

/**
 * Session clients left from earlier runs: past their absolute expiry → deleted; known to this
 * database → adopted when live, deleted when not. Unknown ones belong to another server
 * sharing the broker and are left alone.
 */
export async function reconcileSessions(
  dynsec: Dynsec,
  deps: BrokerDeps,
  tracked: Map<string, Tracked>,
  log: { info: (o: object, m: string) => void },
): Promise<void> {
  const list = await dynsec.one({ command: 'listClients', verbose: true, count: -1, offset: 0 });
  const clients = ((list.data?.clients ?? []) as { username: string; textname?: string; textdescription?: string; roles?: { rolename: string }[] }[]).filter(
    (c) => c.textname === SESSION_TEXTNAME && c.username.startsWith('s-'),
  );
  const present = new Set(clients.map((c) => c.username));
  for (const [h, t] of tracked) if (!present.has(t.username)) tracked.delete(h);
  const notes = new Map<string, { c: (typeof clients)[number]; n: SessionNote }>();
  const expired: string[] = [];
  for (const c of clients) {
    const n = parseNote(c.textdescription);
    if (!n || sessionUsername(n.h) !== c.username) continue;
    if (n.exp <= deps.clock()) expired.push(c.username);
    else notes.set(n.h, { c, n });
  }
  const known = await knownSessions(deps, [...notes.keys()]);
  const drop = [...expired];
  for (const [h, { c }] of notes) {
    if (!known.has(h)) continue;
    if (await livePrincipal(deps, h)) tracked.set(h, { username: c.username, roles: (c.roles ?? []).map((r) => r.rolename) });
    else drop.push(c.username);
  }
  if (drop.length) {
    await dynsec.run(drop.map((username) => ({ command: 'deleteClient', username })));
    log.info({ count: drop.length }, 'deleted stale MQTT session clients');
  }
}
