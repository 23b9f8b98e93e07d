// The second sign-in step and the own second factor (user menu). A session answer signs in as
// a password sign-in does; an enrolment at sign-in answers its recovery codes once.
import type { Api } from '../api/client';
import type { Store } from '../store';
import { defaultOrg } from './commands';

const quiet = { quiet: true } as const;

export type SecondFactor = { code: string } | { recoveryCode: string };

export interface SecondStepDone {
  /** the recovery codes of an enrolment made at sign-in, shown once before entering (else []) */
  recoveryCodes: string[];
  /** stores the session: the console leaves the login page */
  enter: () => void;
}

/** Checks the code; the session is stored by `enter`, so enrolment codes can be shown first. */
export async function verifySecondFactor(api: Api, store: Store, challenge: string, factor: SecondFactor): Promise<SecondStepDone> {
  const r = await api.call('verifyTwoFactor', { challenge, ...factor }, quiet);
  return {
    recoveryCodes: r.recoveryCodes ?? [],
    enter: () => store.dispatch({ type: 'session/loggedIn', token: r.token, profile: r.profile, currentOrg: defaultOrg(r.profile, null) }),
  };
}

export const enrolAtSignIn = (api: Api, challenge: string) => api.call('enrolTwoFactorAtSignIn', { challenge }, quiet);
export const twoFactorStatus = (api: Api) => api.call('queryTwoFactorStatus', {}, quiet);
export const startEnrolment = (api: Api) => api.call('startTwoFactorEnrolment', {}, quiet);
export const confirmEnrolment = (api: Api, code: string) => api.call('confirmTwoFactorEnrolment', { code: code.trim() }, quiet);
