// Pushed alarms reach a screen reader (docs/accessibility.md): a fault is written into the
// assertive live region and an event into the polite one, while the reader's focus stays in the
// field they were typing in.
import { expect, it } from 'vitest';
import { describeBrowser } from '../helpers/browser';
import { DEMO, evalState, type EmsWindow } from '../helpers/console';
import { startServer } from '../helpers/server';
import { openPage, serverAndBrowser } from '../helpers/session';

const stack = serverAndBrowser(() => startServer());

describeBrowser('alarms announced', () => {
  it('a fault is read out at once and an event politely, and focus stays where it was', async () => {
    const { server } = stack;
    const { page, errors, close } = await openPage(stack.browser, { baseURL: server.url, language: 'en', who: DEMO.provider, path: '/alarm/alarmList' });
    await page.waitForFunction(() => (window as unknown as EmsWindow).__ems.state().connection.push === 'online', null, { timeout: 20_000 });
    const orgId = await evalState<number>(page, 's => s.session.currentOrg.id');
    const stationId = server.services.registry.stationsByProvider.get(orgId)![0]!;
    const stationName = server.services.registry.stations.get(stationId)!.name;
    const keyword = page.getByTestId('filter-keyword');
    await keyword.focus();
    const urgent = page.getByTestId('alarm-announce-urgent');
    const calm = page.getByTestId('alarm-announce-calm');
    expect(await urgent.getAttribute('aria-live')).toBe('assertive');
    expect(await calm.getAttribute('aria-live')).toBe('polite');

    await server.alarm({ stationId, category: 'fault', content: 'Cell over-temperature' });
    await expect.poll(() => urgent.textContent()).toContain(`Fault: `);
    expect(await urgent.textContent()).toContain(stationName);
    expect(await calm.textContent()).toBe('');

    await server.alarm({ stationId, category: 'event', content: 'Operating state changed' });
    await expect.poll(() => calm.textContent()).toContain('Event: ');
    expect(await calm.textContent()).toContain(stationName);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('filter-keyword');
    expect(errors).toEqual([]);
    await close();
  });
});
