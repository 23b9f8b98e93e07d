// A tariff read-only: name, status, effective date and each season's months on the 24-hour line
// with its prices; the actions the caller allows (edit, delete, preview) in the header.
import type { ReactNode } from 'react';
import { useStoreValue } from '../../hooks/runtime';
import { useT } from '../../hooks/useT';
import { selectLanguage } from '../../../streams/selectors';
import type { Tariff } from '../../../streams/tariffs/reads';
import { DayTimeline } from '../../widgets/day-timeline/DayTimeline';
import { toHhmm } from '../../widgets/day-timeline/slots';
import { useCurrencyName } from './currency';
import { fromWire } from './draft';
import { PERIOD_KEY, STATUS_KEY, colorOf, monthName } from './periods';

const STATUS_STYLE = { active: 'bg-emerald-100 text-emerald-800', pending: 'bg-amber-100 text-amber-800', history: 'bg-slate-200 text-slate-700' } as const;

/** `currency`: the tariff's or template's (its provider's ISO 4217 code). */
export function SeasonsView({ seasons, currency, testId = 'season-view' }: { seasons: Tariff['seasons']; currency: string; testId?: string }) {
  const t = useT('tariffs');
  const lang = useStoreValue(selectLanguage);
  const unit = useCurrencyName(currency);
  return (
    <div className="flex flex-col gap-3">
      {fromWire(seasons).map((s, i) => (
        <div key={i} data-testid={testId}>
          <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">
            {t('tariffs:editor.season', { n: i + 1 })} · {t('tariffs:preview.monthsOf', { months: s.months.map((m) => monthName(m, lang)).join(', ') })}
          </p>
          <DayTimeline
            slots={s.slots}
            readOnly
            colorOf={colorOf}
            labelOf={(k) => (k in PERIOD_KEY ? t(PERIOD_KEY[k as keyof typeof PERIOD_KEY]) : k)}
            label={`${t('tariffs:editor.slots')} ${i + 1}`}
            boundaryLabel={t('tariffs:editor.boundary')}
            testId="timeline"
          />
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400" data-testid="slot-prices">
            {s.slots.map((x) => (
              <li key={x.start}>
                <span className="mr-1 inline-block size-2 rounded-sm" style={{ background: colorOf(x.kind) }} aria-hidden="true" />
                {toHhmm(x.start)}–{toHhmm(x.end)} {t(PERIOD_KEY[x.kind])} {x.fromGrid} / {x.feedIn} {unit}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

interface RecordProps {
  testId: string;
  nameTestId: string;
  name: string;
  /** the record's data attributes (its id, its status) */
  data: Record<`data-${string}`, string | number>;
  /** after the name in the header: status, dates, actions */
  head: ReactNode;
  children: ReactNode;
}

/** The card of a tariff or a template: its name and the caller's header, then its body. */
export function RecordCard({ testId, nameTestId, name, data, head, children }: RecordProps) {
  return (
    <article data-testid={testId} {...data} className="rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900">
      <header className="mb-3 flex flex-wrap items-center gap-2">
        <h3 className="text-base font-semibold" data-testid={nameTestId}>
          {name}
        </h3>
        {head}
      </header>
      {children}
    </article>
  );
}

export function TariffCard({ tariff, actions, extra }: { tariff: Tariff; actions?: ReactNode; extra?: ReactNode }) {
  const t = useT('tariffs');
  return (
    <RecordCard
      testId="tariff-card"
      nameTestId="tariff-card-name"
      name={tariff.name}
      data={{ 'data-tariff': tariff.tariffId, 'data-status': tariff.status }}
      head={
        <>
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_STYLE[tariff.status]}`}>{t(STATUS_KEY[tariff.status])}</span>
          <span className="text-sm text-slate-500">{extra ?? t('tariffs:config.effectiveFrom', { date: tariff.effectiveDate })}</span>
          <span className="ml-auto flex gap-2">{actions}</span>
        </>
      }
    >
      <SeasonsView seasons={tariff.seasons} currency={tariff.currency} />
    </RecordCard>
  );
}
