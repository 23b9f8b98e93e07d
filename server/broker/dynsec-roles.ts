import type { Dynsec } from './dynsec';
import { aclKey, type Acl, type RoleSpec } from './external-roles';

// The external broker's dynamic-security roles as this server wants them: made sure of once per
// (re)connect with the ACLs they were given, and the role lists of clients read back.

export class DynsecRoles {
  /** roles made sure of since the last (re)connect, with the ACLs they were given */
  private readonly ensured = new Map<string, string>();

  constructor(private readonly dynsec: Dynsec) {}

  /** The broker may have come back with any state: every role is made sure of again. */
  forget(): void {
    this.ensured.clear();
  }

  async ensureAll(specs: RoleSpec[]): Promise<void> {
    for (const spec of specs) if (this.ensured.get(spec.rolename) !== aclKey(spec.acls)) await this.ensure(spec);
  }

  async ensure({ rolename, acls, exact }: RoleSpec): Promise<void> {
    const r = await this.dynsec.one({ command: 'createRole', rolename, acls }, ['Role already exists']);
    if (r.error) {
      // existing role: make sure our ACLs are there (another admin may have edited it)
      await this.dynsec.run(acls.map((a) => ({ command: 'addRoleACL', rolename, ...a })));
      if (exact) {
        const got = await this.dynsec.one({ command: 'getRole', rolename });
        const have = ((got.data?.role as { acls?: Acl[] } | undefined)?.acls ?? []) as Acl[];
        const want = new Set(acls.map((a) => `${a.acltype} ${a.topic}`));
        const extra = have.filter((a) => !want.has(`${a.acltype} ${a.topic}`));
        if (extra.length) await this.dynsec.run(extra.map((a) => ({ command: 'removeRoleACL', rolename, acltype: a.acltype, topic: a.topic })));
      }
    }
    this.ensured.set(rolename, aclKey(acls));
  }

  async ofClient(username: string): Promise<string[]> {
    const r = await this.dynsec.one({ command: 'getClient', username });
    return ((r.data?.client as { roles?: { rolename: string }[] } | undefined)?.roles ?? []).map((x) => x.rolename);
  }
}
