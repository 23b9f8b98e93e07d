import { describe, expect, it } from 'vitest';
import { checkForm, defaultForm, requestOf, serverErrors } from '../form';

describe('report form', () => {
  const form = { ...defaultForm(Date.UTC(2026, 6, 15, 12)), stationId: null };

  it('asks for a data item, both dates and, on the site report, a station', () => {
    expect(checkForm('platform', form)).toEqual({});
    expect(checkForm('platform', { ...form, items: [], from: '', to: '' })).toEqual({
      items: { code: 'selectDataItem' },
      from: { code: 'fromRequired' },
      to: { code: 'toRequired' },
    });
    expect(checkForm('site', form)).toEqual({ stationId: { code: 'stationRequired' } });
  });

  it('sends the picked provider only on the service report and the station only on the site report', () => {
    expect(requestOf('service', form, 7)).toMatchObject({ orgId: 7 });
    expect(requestOf('platform', form, 7)).not.toHaveProperty('orgId');
    expect(requestOf('site', { ...form, stationId: 3 }, 7)).toEqual({
      stationId: 3,
      granularity: 'day',
      from: '2026-07-01',
      to: '2026-07-15',
      items: [...form.items],
    });
  });

  it('puts the server refusals at their fields', () => {
    expect(
      serverErrors([
        { path: 'items', issue: 'custom' },
        { path: 'to', issue: 'rangeTooLong', limit: 366 },
        { path: 'from', issue: 'required' },
      ]),
    ).toEqual({
      items: { code: 'selectDataItem' },
      to: { code: 'rangeTooLong', limit: 366 },
      from: { code: 'fromRequired' },
    });
    expect(serverErrors([{ path: 'to', issue: 'timeError' }])).toEqual({ to: { code: 'timeError' } });
  });
});
