import { describe, expect, it } from 'vitest';
import enModes from '../../../locales/en/modes.json';
import zhModes from '../../../locales/zh/modes.json';
import { gatewayReasonText } from '../codeKeys';
import { installCatalogues } from '../i18n';

describe('a gateway reason', () => {
  it('is a code read in the reader’s language', () => {
    installCatalogues('zh', { modes: zhModes });
    expect(gatewayReasonText('controllerBusy')).toBe('控制器忙');
    expect(gatewayReasonText('ackTimeout')).toBe('超时未应答');
    installCatalogues('en', { modes: enModes });
    expect(gatewayReasonText('controllerBusy')).toBe('the controller is busy');
  });
  it('shows a code this console does not know with its code', () => {
    installCatalogues('zh', { modes: zhModes });
    expect(gatewayReasonText('E42_OVERTEMP')).toBe('原因代码 E42_OVERTEMP');
    installCatalogues('en', { modes: enModes });
    expect(gatewayReasonText('E42_OVERTEMP')).toBe('reason code E42_OVERTEMP');
  });
});
