// Small inline icon set (stroke icons, 20x20), so the shell needs no icon font.
const paths = {
  home: 'M3 10.5 10 4l7 6.5V17a1 1 0 0 1-1 1h-4v-5H8v5H4a1 1 0 0 1-1-1z',
  monitor: 'M3 4h14v9H3zM7 17h6M10 13v4',
  tariff: 'M10 2v16M14 5.5c0-1.4-1.8-2.5-4-2.5S6 4.1 6 5.5 7.8 8 10 8.5s4 1.6 4 3-1.8 2.5-4 2.5-4-1.1-4-2.5',
  mode: 'M4 6h12M4 10h12M4 14h7M14 13l2 2 3-4',
  analytics: 'M3 17h14M6 14V9M10 14V5M14 14v-3',
  operations: 'M5 3h10v14H5zM8 7h4M8 10h4M8 13h2',
  alarm: 'M10 3a5 5 0 0 0-5 5v3l-1.5 3h13L15 11V8a5 5 0 0 0-5-5zM8 16a2 2 0 0 0 4 0',
  system: 'M10 7a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM10 2v2M10 16v2M2 10h2M16 10h2M4.2 4.2l1.4 1.4M14.4 14.4l1.4 1.4M4.2 15.8l1.4-1.4M14.4 5.6l1.4-1.4',
  chevron: 'M6 8l4 4 4-4',
  collapse: 'M12 5l-5 5 5 5',
  expand: 'M8 5l5 5-5 5',
  user: 'M10 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM3 18c1-3.5 4-5 7-5s6 1.5 7 5',
  sun: 'M10 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM10 1v2M10 17v2M1 10h2M17 10h2',
  moon: 'M16 12.5A7 7 0 0 1 7.5 4 7 7 0 1 0 16 12.5z',
  globe: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16zM2 10h16M10 2c2.5 2.5 2.5 13.5 0 16M10 2c-2.5 2.5-2.5 13.5 0 16',
  sound: 'M4 8h3l4-3v10l-4-3H4zM14 7c1.3 1.7 1.3 4.3 0 6',
  mute: 'M4 8h3l4-3v10l-4-3H4zM14 8l4 4M18 8l-4 4',
  close: 'M5 5l10 10M15 5L5 15',
  menu: 'M3 5h14M3 10h14M3 15h14',
} as const;
export type IconName = keyof typeof paths;

export function Icon({ name, className = 'size-5' }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
