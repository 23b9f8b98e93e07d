// Permissions as the sidebar groups them: a tri-state checkbox per menu area, its screens, and
// the action permissions under the screen they act on. Keys the editor may not grant are
// disabled with a hint.
import type { TreeGroup } from './permissionTree';
import { groupLabel, permissionLabel } from './permissionLabels';
import { TriCheckbox } from './TriCheckbox';
import { toggleGroup, toggleOne, triState } from './triState';
import { useT } from '../../hooks/useT';

export function PermissionTree({
  tree,
  chosen,
  onChange,
  readOnly,
}: {
  tree: readonly TreeGroup[];
  chosen: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  readOnly?: boolean;
}) {
  const t = useT('system');
  const box = (key: string, grantable: boolean) => (
    <label key={key} className={`flex items-center gap-2 ${grantable ? '' : 'text-slate-400'}`} title={grantable ? undefined : t('system:role.notGrantable')}>
      <input
        type="checkbox"
        className="size-4 accent-brand-600"
        checked={chosen.has(key)}
        disabled={readOnly || !grantable}
        onChange={() => onChange(toggleOne(chosen, key))}
        data-testid="perm"
        data-perm={key}
      />
      {permissionLabel(key)}
      {!grantable && <span className="text-xs">({t('system:role.notGrantable')})</span>}
    </label>
  );
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="permission-tree">
      {tree.map((g) => (
        <div key={g.group} className="rounded-md border border-slate-200 p-2 dark:border-slate-700">
          <label className="flex items-center gap-2 font-medium">
            <TriCheckbox
              state={triState(chosen, g.keys)}
              onChange={() => onChange(toggleGroup(chosen, g.grantable))}
              label={groupLabel(t, g.group)}
              disabled={readOnly || g.grantable.length === 0}
              testId={`perm-group-${g.group}`}
            />
            {groupLabel(t, g.group)}
          </label>
          <div className="mt-1 ml-6 flex flex-col gap-1">
            {g.screens.map((s) => (
              <div key={s.key}>
                {box(s.key, s.grantable)}
                {s.actions.length > 0 && <div className="mt-1 ml-6 flex flex-col gap-1">{s.actions.map((a) => box(a.key, a.grantable))}</div>}
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

export function MenuPreview({ preview }: { preview: { group: string; screens: string[] }[] }) {
  const t = useT('system');
  return (
    <div data-testid="menu-preview" className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm dark:border-slate-700 dark:bg-slate-800">
      <h3 className="mb-2 text-xs font-semibold text-slate-500">{t('system:role.preview')}</h3>
      {preview.length === 0 && <p className="text-slate-500">{t('system:role.previewEmpty')}</p>}
      <ul className="flex flex-col gap-1">
        {preview.map((g) => (
          <li key={g.group}>
            <span className="font-medium">{groupLabel(t, g.group)}</span>
            <ul className="ml-4 list-disc text-slate-600 dark:text-slate-300">
              {g.screens.map((s) => (
                <li key={s} data-testid="preview-entry" data-perm={s}>
                  {permissionLabel(s)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}
