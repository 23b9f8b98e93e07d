// Texts named by data rather than by code: alarm rule names and templates by rule code, point
// labels by point name, messages the store carries. The key is known only at run time, so these
// read the loaded catalogue and report a miss instead of showing a raw key.
import { i18n, type Namespace, type TKey, type TParams } from './i18n';

/** Whether the loaded catalogues hold `key` (written as for t: `ns:path`, or bare for common). */
export const isKey = (key: string): key is TKey => key !== '' && i18n.exists(key);

/** The text at `path` of namespace `ns`, interpolated with `params`; undefined when absent. */
export function catalogueText(ns: Namespace, path: string, params?: TParams): string | undefined {
  const s: unknown = i18n.getResource(i18n.language, ns, path);
  if (typeof s !== 'string') return undefined;
  return params ? i18n.services.interpolator.interpolate(s, params, i18n.language, {}) : s;
}

/** The string leaves directly under `path` of namespace `ns` (e.g. every rule name), {} when none. */
export function catalogueGroup(ns: Namespace, path: string): Record<string, string> {
  const node: unknown = i18n.getResource(i18n.language, ns, path);
  if (typeof node !== 'object' || node === null) return {};
  return Object.fromEntries(Object.entries(node).filter((e): e is [string, string] => typeof e[1] === 'string'));
}
