// The dialogs the layout guard opens: where each one lives and the clicks that open it, filled
// the way a user fills it (the tariff dialog split twice and priced, so its slot rows show).
import type { Page } from 'playwright-core';

export interface Where {
  stationId: number;
  providerId: number;
  /** a sub-account (its detail page has the password dialog) */
  userId: number;
}

export interface DialogCase {
  name: string;
  path: (w: Where) => string;
  open: (page: Page) => Promise<void>;
}

const station = (route: string) => (w: Where) => `/${route}?stationId=${w.stationId}&serviceProviderId=${w.providerId}`;
const click = (testId: string) => (page: Page) => page.getByTestId(testId).first().click();
/** Clicks each control in turn: a dialog reached through others. */
const clickAll =
  (...testIds: string[]) =>
  async (page: Page) => {
    for (const id of testIds) await click(id)(page);
  };

/** Splits the first season's line at 08:00 and 18:00 and types a price in each slot. */
async function splitAndPrice(page: Page): Promise<void> {
  const dialog = page.locator('[data-dialog]');
  const line = dialog.getByTestId('timeline').first().locator('[role=group]');
  await line.waitFor();
  for (const m of [8 * 60, 18 * 60]) {
    const b = (await line.boundingBox())!;
    await line.click({ position: { x: (b.width * m) / 1440, y: b.height / 2 } });
  }
  const prices = dialog.getByTestId('slot-from-grid');
  for (let i = 0; i < (await prices.count()); i++) await prices.nth(i).fill(`0.${i + 1}234`);
}

export const DIALOGS: readonly DialogCase[] = [
  {
    name: 'tariff',
    path: station('electricityPriceManagement/electricityPriceManagement'),
    open: async (page) => {
      await click('tariff-create')(page);
      await splitAndPrice(page);
      // two tiered rates, so their rows are measured too
      for (let i = 0; i < 2; i++) await page.getByRole('dialog').getByTestId('tier-add').click();
    },
  },
  {
    name: 'template',
    path: station('electricityPriceManagement/priceTemlate'),
    open: async (page) => {
      await click('template-create')(page);
      await splitAndPrice(page);
    },
  },
  { name: 'price feed', path: station('electricityPriceManagement/dynamicPrices'), open: click('feed-create') },
  // no feed is seeded: one is made first, then its CSV import is refused at two lines
  {
    name: 'price CSV import',
    path: station('electricityPriceManagement/dynamicPrices'),
    open: async (page) => {
      await click('feed-create')(page);
      await page.getByTestId('feed-name').fill(`Layout ${Date.now()}`);
      await click('feed-save')(page);
      await page.getByTestId('feed-dialog').waitFor({ state: 'detached' });
      await click('csv-import')(page);
      await page.locator('#csv-text').fill('start,import_price,export_price\n2020-01-01T00:00:00Z,0.5,0.3\nx,0.123456,');
      await click('csv-import-submit')(page);
      await page.getByTestId('csv-issue').first().waitFor();
    },
  },
  { name: 'strategy', path: station('operationModeManagement/operationModeManagement'), open: click('strategy-create') },
  // with a capacity refused, so its error and the capacity charge's note show together
  {
    name: 'station edit',
    path: station('overviewStations/overviewStations'),
    open: async (page) => {
      await click('station-edit-open')(page);
      await page.getByTestId('station-edit-capacity').fill('12.345');
      await click('station-edit-save')(page);
      await page.getByTestId('station-edit-capacity-error').getByText(/\S/).waitFor();
    },
  },
  { name: 'account', path: () => '/system/account', open: click('account-create') },
  { name: 'account password', path: (w) => `/system/accountDetail?userId=${w.userId}`, open: click('account-password') },
  {
    name: 'export',
    path: () => '/operations/platformReport',
    open: async (page) => {
      await click('report-query')(page);
      await page.getByTestId('report-export').click({ timeout: 20_000 });
    },
  },
  { name: 'shelve', path: () => '/alarm/shelves', open: click('shelve-open') },
  { name: 'maintenance window', path: () => '/alarm/maintenance', open: click('window-open') },
  // with a second tier and a second shift, so the nested rows are measured too
  {
    name: 'on-call schedule',
    path: () => '/system/oncall',
    open: clickAll('oncall-create', 'oncall-add-tier', 'oncall-tier-2-add-shift'),
  },
  { name: 'change password', path: () => '/alarm/alarmList', open: click('navbar-change-password') },
  // a role's delete asks first (role 1 is built in: the server would refuse, the dialog opens)
  { name: 'role', path: () => '/system/roleDetail?roleId=1', open: click('role-delete') },
  {
    // from the user menu, with an enrolment begun: the QR code, the secret and the code field show
    name: 'two-factor',
    path: () => '/alarm/alarmList',
    open: async (page) => {
      await clickAll('user-menu', 'menu-two-factor', 'two-factor-start')(page);
      await page.getByTestId('two-factor-secret').waitFor({ timeout: 10_000 });
    },
  },
];
