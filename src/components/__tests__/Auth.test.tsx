import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Auth } from '../Auth';

describe('Auth wrapper (SPEC §6)', () => {
  const perms = new Set(['system.account']);
  it('shows its content with no permission id or a held one', () => {
    expect(renderToStaticMarkup(<Auth permissions={perms}>x</Auth>)).toBe('x');
    expect(
      renderToStaticMarkup(
        <Auth permission="system.account" permissions={perms}>
          x
        </Auth>,
      ),
    ).toBe('x');
  });
  it('hides it otherwise', () => {
    expect(
      renderToStaticMarkup(
        <Auth permission="system.role" permissions={perms}>
          x
        </Auth>,
      ),
    ).toBe('');
  });
});
