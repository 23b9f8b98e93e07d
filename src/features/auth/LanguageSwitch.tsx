// SPEC §1: the language choice is stored and the page reloads. Plain buttons (no Headless UI)
// so the login route stays small.
import { KEYS } from '../../../streams/session/storage';
import { LANGUAGES, type Language } from '../../../streams/types';
import { useRuntime, useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { LANGUAGE_KEY } from '../../i18n/codeKeys';

export function LanguageSwitch() {
  const t = useT();
  const { storages } = useRuntime();
  const lang = useStoreValue((s) => s.session.language);
  const choose = (l: Language) => {
    if (l === lang) return;
    storages.local.set(KEYS.language, l);
    location.reload();
  };
  return (
    <div
      role="group"
      aria-label={t('app.language.label')}
      data-testid="language-switch"
      className="inline-flex h-8 items-center rounded-md border border-current/20 p-0.5 text-xs"
    >
      {LANGUAGES.map((l) => (
        <button
          key={l}
          type="button"
          data-testid={`language-${l}`}
          aria-pressed={l === lang}
          onClick={() => choose(l)}
          className={`h-full rounded px-2 font-medium ${l === lang ? 'bg-brand-600 text-white' : 'hover:bg-slate-500/15'}`}
        >
          {t(LANGUAGE_KEY[l])}
        </button>
      ))}
    </div>
  );
}
