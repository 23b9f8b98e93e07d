// The lint setup catches what the architecture forbids (docs/console.md): an import cycle, one
// feature importing another, a feature calling the request source itself, and a translation key
// built at run time.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });
const rulesOf = async (code: string, filePath: string): Promise<string[]> => {
  const [r] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (r?.messages ?? []).map((m) => m.ruleId ?? m.message);
};

describe('lint rules', () => {
  const dir = mkdtempSync(join(root, 'streams', 'lint-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reports an import cycle', async () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
    const [r] = await eslint.lintFiles([join(dir, 'a.ts')]);
    expect(r?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });

  it('reports one feature importing another, and allows imports inside a feature', async () => {
    expect(await rulesOf("import { fmtTime } from '../station/format';\nexport const f = fmtTime;\n", 'src/features/home/probe.ts')).toContain(
      'import-x/no-restricted-paths',
    );
    expect(await rulesOf("import { fmtTime } from '../format';\nexport const f = fmtTime;\n", 'src/features/station/overview/probe.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });

  it('reports api.call and the request source imported in a feature, not in streams/', async () => {
    const call = "declare const api: { call(a: string): Promise<void> };\nexport const go = () => api.call('queryStationInfoById');\n";
    expect(await rulesOf(call, 'src/features/home/probe.ts')).toContain('no-restricted-syntax');
    expect(await rulesOf(call, 'streams/home/probe.ts')).not.toContain('no-restricted-syntax');
    const viaRuntime = "declare const rt: { api: { call(a: string): Promise<void> } };\nexport const go = () => rt.api.call('x');\n";
    expect(await rulesOf(viaRuntime, 'src/features/home/probe.ts')).toContain('no-restricted-syntax');
    const client = "import { createApi } from '../../../streams/api/client';\nexport const c = createApi;\n";
    expect(await rulesOf(client, 'src/features/home/probe.ts')).toContain('@typescript-eslint/no-restricted-imports');
    const types = "import type { Res } from '../../../streams/api/client';\nexport type R = Res<'queryStationInfoById'>;\n";
    expect(await rulesOf(types, 'src/features/home/probe.ts')).not.toContain('@typescript-eslint/no-restricted-imports');
  });

  it('reports a translation key built at run time, in features and elsewhere in src/, not a whole key', async () => {
    const built = 'declare const t: (k: string) => string;\nexport const f = (k: string) => t(`reports:items.${k}`);\n';
    expect(await rulesOf(built, 'src/features/home/probe.ts')).toContain('no-restricted-syntax');
    expect(await rulesOf(built, 'src/components/probe.ts')).toContain('no-restricted-syntax');
    const viaI18n = 'declare const i18n: { t(k: string): string };\nexport const f = (k: string) => i18n.t(`alarms:status.${k}`);\n';
    expect(await rulesOf(viaI18n, 'src/lib/probe.ts')).toContain('no-restricted-syntax');
    const whole = "declare const t: (k: string) => string;\nexport const f = () => t(`reports:title.site`) + t('reports:title.bills');\n";
    expect(await rulesOf(whole, 'src/features/home/probe.ts')).not.toContain('no-restricted-syntax');
  });
});
