// The frame of the signed-out screens (login, find password): a card on the brand gradient, the
// language switch in the corner, and a link to the other screen under the card's content.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { LanguageSwitch } from './LanguageSwitch';

export function AuthFrame({
  minHeightClass,
  link,
  children,
}: {
  /** a literal Tailwind class, so the build sees it */
  minHeightClass: 'min-h-[560px]' | 'min-h-[600px]';
  link: { href: string; label: string };
  children: ReactNode;
}) {
  return (
    <div className={`flex h-full ${minHeightClass} items-center justify-center bg-gradient-to-br from-slate-900 via-slate-800 to-emerald-900 p-4`}>
      <div className="absolute top-3 right-4 text-slate-100">
        <LanguageSwitch />
      </div>
      <main className="w-[400px] max-w-full rounded-xl bg-white p-7 shadow-2xl dark:bg-slate-900">
        {children}
        <div className="mt-3 text-right">
          <Link href={link.href} className="text-xs font-medium text-brand-600 hover:underline">
            {link.label}
          </Link>
        </div>
      </main>
    </div>
  );
}
