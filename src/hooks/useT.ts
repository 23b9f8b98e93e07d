import { useTranslation } from 'react-i18next';
import { t, type Namespace, type TFn } from '../i18n/i18n';

/** The translator, once the `namespaces` a screen shows are loaded (`common` always is): the
 *  component suspends until then. The language is fixed for the page's life (SPEC §1). */
export function useT(...namespaces: Exclude<Namespace, 'common'>[]): TFn {
  useTranslation(namespaces.length > 0 ? namespaces : 'common');
  return t;
}
