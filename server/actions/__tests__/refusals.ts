import { expect, it } from 'vitest';
import { ErrorCode } from '../../../protocol/errors';
import type { ActionName } from '../../../protocol/catalogue';
import type { Answer } from '../../test/harness';

// Two refusals every action of a tenant's data owes, checked alike across the action suites:
// another provider's ids answer notFound with no data (nothing about them leaks), and an invalid
// payload is refused naming the field at fault.

type Payload = Record<string, unknown>;

export interface RefusalCase {
  action: ActionName;
  /** a valid payload naming provider B's objects */
  cross: () => Payload | Promise<Payload>;
  /** a payload invalid at `path` */
  invalid: () => Payload;
  path: string;
}

/** Registers both refusals for every case; `send` calls as provider A's administrator. */
export const itRefusesOtherTenantsAndInvalidPayloads = (cases: RefusalCase[], send: (action: ActionName, payload: Payload) => Promise<Answer<unknown>>) => {
  it.each(cases)("$action: provider A's admin probing provider B's ids gets notFound and no data", async (c) => {
    const r = await send(c.action, await c.cross());
    expect(r.code).toBe(ErrorCode.notFound);
    expect(r.data).toBeNull();
  });

  it.each(cases)('$action: an invalid payload names the field', async (c) => {
    const r = await send(c.action, c.invalid());
    expect(r.code).toBe(ErrorCode.validationFailed);
    expect((r.data as { issues: { path: string }[] }).issues.map((i) => i.path)).toContain(c.path);
  });
};
