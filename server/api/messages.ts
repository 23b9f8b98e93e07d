import type { ErrorCodeName } from '../../protocol/errors';
import type { WireLocale } from '../../protocol/console-key';

// The envelope's `msg` in the caller's language. The console shows its own translation of
// the code; `msg` serves API users, logs and SPEC §8's "500 shows the server message".
const en: Record<ErrorCodeName, string> = {
  ok: 'success',
  badRequest: 'Bad request',
  badSignature: 'The request signature is invalid',
  staleTimestamp: 'The request timestamp is too far from the server clock',
  replay: 'This request was already received (replay)',
  unknownAccessKey: 'Unknown access key',
  missingField: 'A required request field is missing',
  unknownAction: 'Unknown action',
  crossSite: 'Cross-site request refused',
  unauthenticated: 'Please sign in again',
  forbidden: 'You do not have permission for this operation',
  notFound: 'The requested item does not exist',
  wrongCredentials: 'Login failed, wrong username or password',
  wrongCode: 'The verification code is wrong',
  codeExpired: 'The verification code has expired or was already used',
  accountDisabled: 'This account is disabled',
  sendCodeFailed: 'Failed to send verification code',
  wrongPassword: 'The current password is wrong',
  validationFailed: 'Some fields are invalid',
  conflict: 'The item was changed or already exists',
  rateLimited: 'Too many attempts, please try again later',
  internal: 'Internal server error',
};
const zh: Record<ErrorCodeName, string> = {
  ok: '成功',
  badRequest: '请求错误',
  badSignature: '请求签名无效',
  staleTimestamp: '请求时间与服务器时间相差过大',
  replay: '重复的请求（重放）',
  unknownAccessKey: '未知的访问密钥',
  missingField: '缺少必填的请求字段',
  unknownAction: '未知的操作',
  crossSite: '已拒绝跨站请求',
  unauthenticated: '请重新登录',
  forbidden: '您没有此操作的权限',
  notFound: '请求的数据不存在',
  wrongCredentials: '登录失败，用户名或密码错误',
  wrongCode: '验证码错误',
  codeExpired: '验证码已过期或已使用',
  accountDisabled: '该账号已停用',
  sendCodeFailed: '验证码发送失败',
  wrongPassword: '当前密码错误',
  validationFailed: '部分字段不合法',
  conflict: '数据已被修改或已存在',
  rateLimited: '尝试次数过多，请稍后再试',
  internal: '服务器内部错误',
};

export const messageOf = (name: ErrorCodeName, locale: WireLocale): string => (locale === 'en_GB' ? en : zh)[name];
