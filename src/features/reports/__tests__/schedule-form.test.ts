import { describe, expect, it } from 'vitest';
import { checkSchedule, newScheduleForm, saveRequestOf, serverScheduleErrors, splitRecipients } from '../schedule-form';

const form = (over: Partial<ReturnType<typeof newScheduleForm>> = {}) => ({ ...newScheduleForm(['pvKwh'], null), recipients: 'a@example.com', ...over });

describe('scheduled report form', () => {
  it('asks for a data item, a station (site report) and a recipient at their fields', () => {
    expect(checkSchedule('site', form({ items: [], recipients: '' }))).toEqual({
      items: { code: 'selectDataItem' },
      stationId: { code: 'stationRequired' },
      recipients: { code: 'recipientsRequired' },
    });
    expect(checkSchedule('platform', form())).toEqual({});
  });

  it('names the address that is not one, and refuses more than 20', () => {
    expect(checkSchedule('platform', form({ recipients: 'a@example.com, ops@site' }))).toEqual({ recipients: { code: 'invalidEmail', value: 'ops@site' } });
    const many = Array.from({ length: 21 }, (_, i) => `u${i}@example.com`).join('\n');
    expect(checkSchedule('platform', form({ recipients: many }))).toEqual({ recipients: { code: 'tooManyRecipients' } });
  });

  it('sends each address once, the station only for a site report', () => {
    expect(splitRecipients('a@x.io; b@x.io\na@x.io ,')).toEqual(['a@x.io', 'b@x.io']);
    expect(saveRequestOf('platform', form({ stationId: 4 }), undefined)).toEqual({
      report: 'platform',
      granularity: 'day',
      cadence: 'monthly',
      items: ['pvKwh'],
      recipients: ['a@example.com'],
      enabled: true,
    });
    expect(saveRequestOf('site', form({ stationId: 4, scheduleId: 9 }), undefined)).toMatchObject({ scheduleId: 9, stationId: 4, report: 'site' });
  });

  it("puts the server's field errors at the fields, naming the refused address", () => {
    const f = form({ recipients: 'a@example.com\nb@bad' });
    expect(
      serverScheduleErrors(
        [
          { path: 'recipients.1', issue: 'invalidFormat' },
          { path: 'items', issue: 'selectDataItem' },
        ],
        f,
      ),
    ).toEqual({
      recipients: { code: 'invalidEmail', value: 'b@bad' },
      items: { code: 'selectDataItem' },
    });
    expect(serverScheduleErrors([], f)).toEqual({});
  });
});
