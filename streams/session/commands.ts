// User commands of the session: sign-in, sign-out, org list and switch, station info.
import { md5 } from '../../protocol/md5';
import { ApiFailure, type Api, type Navigator } from '../api/client';
import type { Store } from '../store';
import { thisDevice } from './device';
import type { Org, Profile } from '../types';

/** The org a profile starts with: its own, or (orgType 1) the stored/first provider. */
export const defaultOrg = (p: Profile, stored: Org | null): Org => (p.orgType === 1 && stored ? stored : { id: p.orgId, name: p.orgName });

/** Sign-in answered a two-factor challenge instead of a session: the second step is due. */
export class SecondFactorDue extends Error {
  constructor(readonly due: { twoFactor: 'verify' | 'enrol'; challenge: string; expiresAt: string }) {
    super('secondFactorDue');
  }
}

export async function loginWithPassword(api: Api, store: Store, account: string, password: string): Promise<void> {
  const r = await api.call('login', { account: account.trim(), password: md5(password), device: thisDevice() }, { quiet: true });
  if (!('token' in r)) throw new SecondFactorDue(r);
  store.dispatch({ type: 'session/loggedIn', token: r.token, profile: r.profile, currentOrg: defaultOrg(r.profile, null) });
}

/** Sends a sign-in code to a phone; resolves to the resend wait in seconds. */
export async function sendLoginCode(api: Api, phone: string): Promise<number> {
  const r = await api.call('sendMsgCode', { phone: phone.trim(), purpose: 'login' }, { quiet: true });
  return r.resendAfterSeconds || 60;
}

export async function loginWithPhone(api: Api, store: Store, phone: string, code: string): Promise<void> {
  const r = await api.call('loginByPhone', { phone: phone.trim(), code: code.trim(), device: thisDevice() }, { quiet: true });
  if (!('token' in r)) throw new SecondFactorDue(r);
  store.dispatch({ type: 'session/loggedIn', token: r.token, profile: r.profile, currentOrg: defaultOrg(r.profile, null) });
}

export interface LogoutDeps {
  api: Api;
  store: Store;
  nav: Navigator;
  /** extra caches to drop (e.g. session-storage station ids) */
  clearCaches?: () => void;
}

/** SPEC §4: clears the notices cache, stored credentials and route access, calls logout, goes to login. */
export async function logout({ api, store, nav, clearCaches }: LogoutDeps): Promise<void> {
  const token = store.getState().session.token;
  store.dispatch({ type: 'session/loggedOut' }); // notices, credentials and route access
  clearCaches?.();
  // the store no longer holds the token, so the call carries the one we captured
  if (token) await api.call('logout', {}, { quiet: true, token }).catch(() => undefined);
  nav.go('/login', { replace: true });
}

export async function loadProfile(api: Api, store: Store): Promise<void> {
  try {
    const p = await api.call('queryProfile', {}, { quiet: true });
    store.dispatch({ type: 'session/profileLoaded', profile: p });
  } catch {
    /* stored profile stays; a 401 was already handled by the client */
  }
}

export async function loadOrgs(api: Api, store: Store): Promise<void> {
  try {
    const r = await api.call('queryAllOrgIdAndName', {}, { quiet: true });
    store.dispatch({ type: 'session/orgsLoaded', orgs: r.dataList });
    const s = store.getState().session;
    if (s.profile?.orgType === 1 && r.dataList.length && !r.dataList.some((o) => o.id === s.currentOrg?.id)) {
      store.dispatch({ type: 'session/orgSelected', org: r.dataList[0]! });
    }
  } catch {
    /* the switcher stays empty */
  }
}

export async function loadStationInfo(api: Api, store: Store, stationId: number): Promise<void> {
  try {
    const r = await api.call('queryStationInfoById', { stationId }, { quiet: true });
    store.dispatch({ type: 'station/infoLoaded', stationId, name: r.stationName, providerName: r.serviceProviderName, customerName: r.customerName });
  } catch (e) {
    // notFound: a station outside the account's scope (or none at all); the bar says so
    const outOfScope = e instanceof ApiFailure && e.codeName === 'notFound';
    store.dispatch({ type: 'station/infoLoaded', stationId, name: '', providerName: '', customerName: '', outOfScope });
  }
}
