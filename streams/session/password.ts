// Password commands of the signed-out and signed-in user: the e-mail code, the reset with it,
// and the change with the current password. Passwords leave as MD5 (SPEC §7); each command runs
// through `command`, so a double click sends one request.
import type { Observable } from 'rxjs';
import { md5 } from '../../protocol/md5';
import type { Api } from '../api/client';
import { command, type CommandEvent } from '../commands/command';

export interface EmailReset {
  email: string;
  code: string;
  password: string;
}
export interface PasswordChange {
  userId: number;
  current: string;
  next: string;
}

/** Sends a verification code to an e-mail address; succeeds with the resend wait in seconds. */
export const sendEmailCode$ = (api: Api, email$: Observable<string>): Observable<CommandEvent<string, number>> =>
  command(email$, async (email) => (await api.call('sendEmailMsgCode', { email: email.trim() }, { quiet: true })).resendAfterSeconds || 60);

export const resetPasswordByEmail$ = (api: Api, reset$: Observable<EmailReset>): Observable<CommandEvent<EmailReset, unknown>> =>
  command(reset$, (r) =>
    api.call('resetPasswordByEmailMsgCode', { email: r.email.trim(), code: r.code.trim(), newPassword: md5(r.password) }, { quiet: true }),
  );

export const changePassword$ = (api: Api, change$: Observable<PasswordChange>): Observable<CommandEvent<PasswordChange, unknown>> =>
  command(change$, (c) => api.call('resetPasswordByOldPassword', { userId: c.userId, oldPassword: md5(c.current), newPassword: md5(c.next) }, { quiet: true }));
