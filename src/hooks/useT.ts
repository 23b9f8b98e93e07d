import { t, type TFn } from '../i18n/i18n';
/** The translator; the language is fixed for the page's life (a change reloads, SPEC §1). */
export const useT = (): TFn => t;
