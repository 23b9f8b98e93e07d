// Pushed alarms for screen readers: two live regions that are always in the page (a region added
// with its text already in it is not read out), assertive for faults and protection trips,
// polite for alarms and events. Text only changes; focus never moves. What is said and how a
// storm is summed up: streams/alarms/announcements.ts.
import { useEffect, useState } from 'react';
import { alarmAnnouncements, type Announcement } from '../../../../streams/alarms/announcements';
import { useRuntime } from '../../../hooks/runtime';
import { useT } from '../../../hooks/useT';
import { ALARM_CATEGORY_KEY } from '../../../i18n/codeKeys';
import { alarmRuleName } from '../../../lib/alarmText';

export function AlarmAnnouncer() {
  const t = useT('alarms');
  const { store } = useRuntime();
  const [said, setSaid] = useState<{ urgent: string; calm: string }>({ urgent: '', calm: '' });
  useEffect(() => {
    const sub = alarmAnnouncements(store.events$).subscribe((a: Announcement) => {
      const m = a.first;
      const one = t('alarms:announce', {
        category: t(ALARM_CATEGORY_KEY[m.alarmCategory]),
        rule: alarmRuleName(m.alarmRuleCode, m.alarmRuleName),
        device: m.monitoredObjectName,
        station: m.stationName,
      });
      const text = a.count > 1 ? `${one} ${t('alarms:more', { count: a.count - 1 })}` : one;
      setSaid((s) => (a.urgent ? { ...s, urgent: text } : { ...s, calm: text }));
    });
    return () => sub.unsubscribe();
  }, [store, t]);
  return (
    <div className="sr-only">
      <div aria-live="assertive" aria-atomic="true" data-testid="alarm-announce-urgent">
        {said.urgent}
      </div>
      <div aria-live="polite" aria-atomic="true" data-testid="alarm-announce-calm">
        {said.calm}
      </div>
    </div>
  );
}
