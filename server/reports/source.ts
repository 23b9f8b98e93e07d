import type { Registry } from '../registry';
import type { Entity } from './build';
import { generatedText, word, type FileLang } from './labels';
import type { ReportKind } from './scope';

// Who a file is from and when, as its reader sees it. The provider is the service provider of
// the file's rows; a report spanning several providers comes from the platform. The reader's
// clock is the zone of the file's (first) station, the zone its dates are already counted in
// and the one a customer reading it lives in; UTC when the file has no station.

export interface FileSource {
  providerName: string;
  zone: string;
  generated: string;
}

const sourceOf = (reg: Registry, providerIds: readonly number[], stationId: number | undefined, lang: FileLang, now: number): FileSource => {
  const providers = [...new Set(providerIds)];
  const name = providers.length === 1 ? reg.orgs.get(providers[0]!)?.name : undefined;
  const zone = (stationId === undefined ? undefined : reg.stations.get(stationId)?.timezone) ?? 'UTC';
  return { providerName: name ?? word('platformName', lang), zone, generated: generatedText(now, zone) };
};

/** The source of a report over `entities` (providers for a platform report, stations otherwise). */
export const reportSource = (reg: Registry, kind: ReportKind, entities: readonly Entity[], lang: FileLang, now: number): FileSource => {
  const stationIds = entities.flatMap((e) => e.stationIds);
  const providerIds = kind === 'platform' ? entities.map((e) => Number(e.key)) : stationIds.flatMap((id) => reg.stations.get(id)?.providerId ?? []);
  return sourceOf(reg, providerIds, stationIds[0], lang, now);
};

/** The source of one station's file (a bill). */
export const stationSource = (reg: Registry, stationId: number, lang: FileLang, now: number): FileSource => {
  const st = reg.stations.get(stationId);
  return sourceOf(reg, st ? [st.providerId] : [], stationId, lang, now);
};
