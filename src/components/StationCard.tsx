// Station matrix card (SPEC §2): background picture (a default when none), station name, status
// icon 0-4 and the figures of its data type. Presentational: props in, onClick out.
import { memo, type ReactNode } from 'react';
import { STATUS_KEYS, StatusIcon } from './stationLabels';
import type { TFn } from '../i18n/i18n';
import { MaintenanceTag } from './alarms/MaintenanceTag';
import { numberFormat } from '../lib/numberFormat';
import { moneyParts, type MoneyLang, type MoneyParts } from '../../streams/format/money';
import { energyParts } from '../../streams/format/energy';

export interface StationCardData {
  stationId: number;
  serviceProviderId: number;
  stationName: string;
  picture: string | null;
  stationStatus: number;
  cardType: number;
  installedPower: number;
  installedCapacity: number;
  activePower: number;
  soc: number | null;
  /** the provider's currency of the income figures (ISO 4217) */
  currency: string;
  cumulativeIncome: number;
  feeName: string | null;
  lastCharge: number;
  lastDischarge: number;
  lastIncome: number;
}

export const DEFAULT_STATION_PICTURE = '/img/station-default.svg';
const n = (x: number | null, d = 2): string => (x === null || !Number.isFinite(x) ? '-' : numberFormat(d).format(x));

// A long name ("Last month's discharge") takes two lines rather than being cut; a figure that is
// itself a name (the tariff's) has the card's whole width.
const Fig = ({ label, value, unit, id, wide = false }: { label: string; value: string; unit?: string; id?: string; wide?: boolean }) => (
  <div className={`min-w-0 ${wide ? 'col-span-3' : ''}`} data-testid={id ? `card-${id}` : undefined}>
    <div className="line-clamp-2 text-[11px] leading-tight text-white/70">{label}</div>
    <div className="truncate text-sm font-semibold tabular-nums">
      {value}
      {unit && value !== '-' && <span className="ml-0.5 text-[11px] font-normal text-white/80">{unit}</span>}
    </div>
  </div>
);

/** Money in the station's currency (streams/format/money.ts), its unit smaller. */
const Money = ({ label, parts, id }: { label: string; parts: MoneyParts; id?: string }) => <Fig label={label} value={parts.value} unit={parts.unit} id={id} />;
/** An energy on the SPEC §9 scale (kWh, MWh from 1,000 kWh, GWh), cut as every screen cuts it. */
const Energy = ({ label, kwh, id }: { label: string; kwh: number; id?: string }) => {
  const p = energyParts(kwh);
  return <Fig label={label} value={p.value} unit={p.unit} id={id} />;
};

/** What a station's card is wherever it is drawn (the matrix, the wall): a button that opens the
 *  station, marked with its id and whether it is in maintenance. */
export const stationCardButton = (card: StationCardData, open: (c: StationCardData) => void, inMaintenance: boolean) =>
  ({
    type: 'button',
    onClick: () => open(card),
    'data-testid': 'station-card',
    'data-station-id': card.stationId,
    'data-maintenance': inMaintenance || undefined,
  }) as const;

/** Memoised: a scrolling matrix re-renders its rows every frame, the cards in them need not. */
export const StationCard = memo(function StationCard({
  card,
  t,
  lang,
  onClick,
  inMaintenance = false,
}: {
  card: StationCardData;
  t: TFn;
  lang: MoneyLang;
  onClick: (c: StationCardData) => void;
  inMaintenance?: boolean;
}) {
  let figs: ReactNode;
  if (card.cardType === 2) {
    figs = (
      <>
        <Fig label={t('home:matrix.tariff')} value={card.feeName || '-'} wide />
        <Fig label={t('home:matrix.installedPower')} value={n(card.installedPower, 3)} unit="MW" />
        <Fig label={t('home:matrix.installedCapacity')} value={n(card.installedCapacity, 3)} unit="MWh" />
        <Fig label={t('home:matrix.activePower')} value={n(card.activePower)} unit="kW" />
      </>
    );
  } else if (card.cardType === 3) {
    figs = (
      <>
        <Energy label={t('home:matrix.lastCharge')} kwh={card.lastCharge} id="lastCharge" />
        <Energy label={t('home:matrix.lastDischarge')} kwh={card.lastDischarge} id="lastDischarge" />
        <Money label={t('home:matrix.lastIncome')} parts={moneyParts(card.lastIncome, card.currency, lang)} id="lastIncome" />
      </>
    );
  } else {
    figs = (
      <>
        <Fig label={t('home:matrix.installedPower')} value={n(card.installedPower, 3)} unit="MW" />
        <Fig label={t('home:matrix.installedCapacity')} value={n(card.installedCapacity, 3)} unit="MWh" />
        <Fig label={t('home:matrix.activePower')} value={n(card.activePower)} unit="kW" />
        <Fig label={t('home:matrix.soc')} value={n(card.soc, 1)} unit="%" />
        <Money label={t('home:matrix.cumulativeIncome')} parts={moneyParts(card.cumulativeIncome, card.currency, lang, 10_000)} id="cumulativeIncome" />
      </>
    );
  }
  const status = t(STATUS_KEYS[card.stationStatus] ?? 'monitor:status.offline');
  // contained: the card's size is its grid cell's, so its contents never lay out the matrix.
  // A picture that fails to load (a moved file, a bad address) leaves the default under it.
  return (
    <button
      {...stationCardButton(card, onClick, inMaintenance)}
      data-card-type={card.cardType}
      className="relative flex h-full w-full flex-col overflow-hidden rounded-lg [contain:strict] bg-slate-700 bg-cover bg-center text-left text-white shadow-sm ring-brand-500 hover:ring-2 focus-visible:ring-2"
      style={{ backgroundImage: card.picture ? `url(${JSON.stringify(card.picture)}), url(${DEFAULT_STATION_PICTURE})` : `url(${DEFAULT_STATION_PICTURE})` }}
    >
      <div className="flex h-full flex-col justify-between bg-gradient-to-b from-black/55 via-black/30 to-black/70 p-3">
        <div className="flex items-center gap-2">
          <StatusIcon status={card.stationStatus} label={status} size={12} />
          <span className="truncate font-semibold">{card.stationName}</span>
          {inMaintenance && <MaintenanceTag t={t} onDark />}
        </div>
        <div className="grid grid-cols-3 items-end gap-x-2 gap-y-1">{figs}</div>
      </div>
    </button>
  );
});
