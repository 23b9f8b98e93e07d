// Translation keys are a type derived from the English catalogue, so a missing key is a compile
// error (Excalidraw's approach). Plural variants (_one/_other) collapse into their base key.
import type en from '../../locales/en/common.json';

type Base<K extends string> = K extends `${infer B}_one` ? B : K extends `${infer B}_other` ? B : K;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${Base<K>}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type TKey = Leaves<typeof en>;
/** A key that came from the store (streams/ emits codes, never text). */
export const asKey = (k: string): TKey => k as TKey;
