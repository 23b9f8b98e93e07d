// Which clock alarm times are read in: each station's own ('station', the default: an operator
// compares an alarm with what the site staff saw) or the viewer's. Kept in local storage so the
// alarm center and a station's alarm log agree and the choice survives a reload.
import { useCallback, useState } from 'react';

export type ZoneMode = 'station' | 'viewer';
const KEY = 'alarmTimeZone';

const read = (): ZoneMode => {
  try {
    return localStorage.getItem(KEY) === 'viewer' ? 'viewer' : 'station';
  } catch {
    return 'station';
  }
};

export function useZoneMode(): [ZoneMode, (m: ZoneMode) => void] {
  const [mode, setMode] = useState<ZoneMode>(read);
  const set = useCallback((m: ZoneMode) => {
    setMode(m);
    try {
      localStorage.setItem(KEY, m);
    } catch {
      /* private mode: the choice lasts for the page */
    }
  }, []);
  return [mode, set];
}
