// The station of a site report (the report form's and a schedule's): "pick a station", then the
// stations of the scope by name.
import { OptionSelect } from '../../components/OptionSelect';
import { useT } from '../../hooks/useT';

interface StationSelectProps {
  stations: readonly { stationId: number; stationName: string }[];
  value: number | null;
  onChange: (stationId: number | null) => void;
  testId: string;
  className: string;
}

export function StationSelect({ stations, value, onChange, ...rest }: StationSelectProps) {
  const t = useT('reports');
  const options = stations.map((s) => ({ value: s.stationId, label: s.stationName }));
  const pick = (v: string) => onChange(v ? Number(v) : null);
  return <OptionSelect {...rest} value={value ?? ''} blank={t('reports:form.pickStation')} options={options} onChange={pick} />;
}
