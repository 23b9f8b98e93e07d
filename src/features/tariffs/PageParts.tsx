// Pieces every tariff screen shows alike: the heading with its create button, the alert of a list
// that did not load, the link to a tariff's preview, and a record's edit and delete buttons.
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../../components/Button';
import { useT } from '../../hooks/useT';
import { href, type Query } from '../../lib/paths';

interface HeadProps {
  title: string;
  /** the create button, for a reader who may edit */
  create: { label: string; testId: string; onClick: () => void; disabled?: boolean } | false;
  /** beside the title (the station's time zone) */
  children?: ReactNode;
  /** keeps the title and the button on one line each when the row wraps (a phone) */
  nowrap?: boolean;
}

export function PageHead({ title, create, children, nowrap = false }: HeadProps) {
  return (
    <div className={nowrap ? 'flex flex-wrap items-center gap-3' : 'flex items-center gap-3'}>
      <h1 className={nowrap ? 'text-lg font-semibold whitespace-nowrap' : 'text-lg font-semibold'}>{title}</h1>
      {children}
      {create && (
        <Button
          variant="primary"
          className={nowrap ? 'ml-auto whitespace-nowrap' : 'ml-auto'}
          disabled={create.disabled}
          onClick={create.onClick}
          data-testid={create.testId}
        >
          {create.label}
        </Button>
      )}
    </div>
  );
}

export function LoadFailed({ failed }: { failed: boolean }) {
  const t = useT('tariffs');
  return (
    failed && (
      <p role="alert" className="text-sm text-red-600">
        {t('tariffs:config.loadFailed')}
      </p>
    )
  );
}

export function PreviewLink({ tariffId, query }: { tariffId: number; query: Query }) {
  const t = useT('tariffs');
  return (
    <Link
      href={href('electricityPriceManagement.preview', { ...query, tariffId })}
      data-testid="tariff-preview"
      className="inline-flex h-8 items-center rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-slate-100 dark:text-brand-500 dark:hover:bg-slate-800"
    >
      {t('tariffs:actions.preview')}
    </Link>
  );
}

/** Edit and delete; their test ids are `<record>-edit` and `<record>-delete`. */
export function EditDelete({ record, onEdit, onDelete }: { record: string; onEdit: () => void; onDelete: () => void }) {
  const t = useT('tariffs');
  return (
    <>
      <Button onClick={onEdit} data-testid={`${record}-edit`}>
        {t('tariffs:actions.edit')}
      </Button>
      <Button variant="danger" onClick={onDelete} data-testid={`${record}-delete`}>
        {t('tariffs:actions.delete')}
      </Button>
    </>
  );
}
