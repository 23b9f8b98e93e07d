// Mosquitto dynamic-security roles of the external broker: one per org topic tree, one per
// station alarm topic, and the server's own publish role. docs/broker.md.
import { stationAlarmTopic, TOPIC_ROOT } from '../../protocol/push';
import { orgTreeFilter, type PushGrant } from './access';
import type { DynsecCommand } from './dynsec';

export const SERVER_ROLE = 'ems-server';
export const orgRole = (orgId: number): string => `ems-org-${orgId}`;
export const stationRole = (stationId: number): string => `ems-station-${stationId}`;
export const sessionUsername = (tokenHash: string): string => `s-${tokenHash.slice(0, 24)}`;
export const SESSION_TEXTNAME = 'ems console session';

/** Clients without a role may do nothing: no publish, no subscribe, receive nothing. */
export const DEFAULT_ACL: DynsecCommand = {
  command: 'setDefaultACLAccess',
  acls: [
    { acltype: 'publishClientSend', allow: false },
    { acltype: 'publishClientReceive', allow: false },
    { acltype: 'subscribe', allow: false },
    { acltype: 'unsubscribe', allow: true },
  ],
};

export type Acl = { acltype: string; topic: string; allow: boolean; priority: number };
export interface RoleSpec {
  rolename: string;
  acls: Acl[];
  /** the role must hold exactly these ACLs (others are removed), not just at least these */
  exact?: boolean;
}

export const orgRoleSpec = (orgId: number): RoleSpec => {
  const tree = orgTreeFilter(orgId);
  return {
    rolename: orgRole(orgId),
    acls: [
      // subscribePattern matches the requested filter against the pattern: ems/org/5/alarm and
      // ems/org/5/# pass, ems/org/+/alarm and # do not.
      { acltype: 'subscribePattern', topic: tree, allow: true, priority: 0 },
      { acltype: 'publishClientReceive', topic: tree, allow: true, priority: 0 },
      { acltype: 'publishClientSend', topic: tree, allow: false, priority: 0 },
    ],
  };
};

/**
 * One station's alarm topic and nothing else. subscribeLiteral admits only that exact filter:
 * ems/org/<pid>/station/+/alarm, ems/org/<pid>/# and another station's topic fall through to
 * the default (deny). Exact, so a role left from a station's earlier provider holds no stale topic.
 */
const stationRoleSpec = (providerId: number, stationId: number): RoleSpec => {
  const topic = stationAlarmTopic(providerId, stationId);
  return {
    rolename: stationRole(stationId),
    exact: true,
    acls: [
      { acltype: 'subscribeLiteral', topic, allow: true, priority: 0 },
      { acltype: 'publishClientReceive', topic, allow: true, priority: 0 },
      { acltype: 'publishClientSend', topic, allow: false, priority: 0 },
    ],
  };
};

/** The dynsec roles of a session: one per org tree, one per station of a station-scoped account. */
export const roleSpecs = (g: PushGrant): RoleSpec[] => [...g.orgIds.map(orgRoleSpec), ...g.stations.map((s) => stationRoleSpec(s.providerId, s.stationId))];
export const SERVER_ACLS: Acl[] = [{ acltype: 'publishClientSend', topic: `${TOPIC_ROOT}/#`, allow: true, priority: 0 }];

export interface SessionNote {
  /** full token hash */
  h: string;
  /** ms: the session cannot outlive this (absolute expiry bound) */
  exp: number;
}

export const aclKey = (acls: readonly Acl[]): string => acls.map((a) => `${a.acltype} ${a.topic} ${a.allow}`).join('\n');

export const parseNote = (s: string | undefined): SessionNote | null => {
  if (!s) return null;
  try {
    const n = JSON.parse(s) as Partial<SessionNote>;
    return typeof n.h === 'string' && /^[0-9a-f]{64}$/.test(n.h) && typeof n.exp === 'number' ? { h: n.h, exp: n.exp } : null;
  } catch {
    return null;
  }
};
