// Create or edit one of the reader's notification rules, or (with `roleId`) a role's default rule:
// which alarms (levels, types, device types, stations), which channels and addresses, quiet hours
// in a named zone, at once or as a digest. A role's rule has no addresses and no webhook: each
// account holding the role is told at its own. The page's own checks and the server's refusals
// appear at their fields.
import { useMemo, useState } from 'react';
import { saveNotificationRule$, saveRoleNotificationRule$, type NotificationRule } from '../../../streams/notifications/rules';
import { CheckField } from '../form/ChoiceFields';
import { LEGEND } from '../form/Field';
import { FormDialog } from '../form/FormDialog';
import { textOf } from '../form/useDraftForm';
import { ZoneField } from '../form/ZoneField';
import { TextField } from '../../components/TextField';
import { useCommand } from '../../hooks/useCommand';
import { useT } from '../../hooks/useT';
import { AlarmCodeChoice } from './AlarmCodeChoice';
import { ChoiceGroup } from './ChoiceGroup';
import {
  CHANNEL_KEY,
  EVENT_KEY,
  checkRule,
  emptyRule,
  serverIssue,
  toRequest,
  unplacedIssues,
  valuesOf,
  type Channel,
  type RuleField,
  type RuleValues,
  type WebhookEvent,
} from './ruleForm';
import { StationChooser, type StationChoice } from './StationChooser';
import type { TKey } from '../../i18n/i18n';

const CHANNELS = Object.keys(CHANNEL_KEY) as Channel[];
const EVENTS = Object.keys(EVENT_KEY) as WebhookEvent[];

export function RuleDialog({
  editing,
  roleId,
  stations,
  smsAvailable,
  onClose,
  onSaved,
}: {
  editing: NotificationRule | null;
  /** a default rule of this role (no addresses, no webhook) instead of the reader's own */
  roleId?: number;
  stations: readonly StationChoice[];
  /** the server has an SMS gateway: only then is SMS offered (a rule that has it keeps showing it, to be taken off) */
  smsAvailable: boolean;
  onClose: () => void;
  onSaved: (r: NotificationRule) => void;
}) {
  const t = useT('notifications', 'alarms', 'station');
  const [v, setV] = useState<RuleValues>(() => (editing ? valuesOf(editing) : emptyRule()));
  const [errors, setErrors] = useState<Partial<Record<RuleField, TKey>>>({});
  const set = (p: Partial<RuleValues>) => setV((o) => ({ ...o, ...p }));
  const forRole = roleId !== undefined;
  const saver = useMemo(() => (roleId === undefined ? saveNotificationRule$ : saveRoleNotificationRule$(roleId)), [roleId]);
  const save = useCommand(saver, (e) => e.type === 'succeeded' && onSaved(e.output));
  const failure = save.last?.type === 'failed' ? save.last.error : null;
  const err = (f: RuleField): string | null => {
    const key = errors[f] ?? serverIssue(failure, f);
    return key ? t(key) : null;
  };
  /** a text field's value, change and error */
  const field = (k: Exclude<RuleField, 'channels' | 'events' | 'stationIds'>) => ({ ...textOf(v, setV)(k), error: err(k) });
  const submit = () => {
    const found = checkRule(v);
    setErrors(found);
    if (Object.keys(found).length === 0) save.run(toRequest(v, editing?.ruleId ?? null));
  };
  const refused = failure && (failure.fields.length === 0 || unplacedIssues(failure)) ? t('notifications:refused') : null;

  return (
    <FormDialog
      title={t(
        forRole
          ? editing
            ? 'notifications:roleRules.edit'
            : 'notifications:roleRules.create'
          : editing
            ? 'notifications:rules.edit'
            : 'notifications:rules.create',
      )}
      width={680}
      name="rule"
      busy={save.pending}
      onClose={onClose}
      onSave={submit}
      submit
      error={refused}
      bodyClassName="grid max-h-[72vh] grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2"
    >
      <TextField label={t('notifications:field.name')} {...field('name')} testId="rule-name" maxLength={100} />
      <CheckField
        className="self-center text-sm"
        label={t('notifications:field.enabled')}
        checked={v.enabled}
        onChange={(enabled) => set({ enabled })}
        testId="rule-enabled"
      />
      <AlarmCodeChoice list="categories" testId="rule-categories" value={v.categories} onChange={(categories) => set({ categories })} />
      <AlarmCodeChoice list="alarmTypes" testId="rule-types" value={v.alarmTypes} onChange={(alarmTypes) => set({ alarmTypes })} />
      <div className="sm:col-span-2">
        <AlarmCodeChoice list="deviceTypes" testId="rule-devices" value={v.deviceTypes} onChange={(deviceTypes) => set({ deviceTypes })} />
      </div>
      <div className="sm:col-span-2">
        <StationChooser stations={stations} value={v.stationIds} onChange={(stationIds) => set({ stationIds })} error={err('stationIds')} />
      </div>
      <div className="sm:col-span-2">
        <ChoiceGroup
          legend={t('notifications:field.channels')}
          testId="rule-channels"
          value={v.channels}
          error={err('channels')}
          choices={CHANNELS.filter((c) => (c !== 'sms' || smsAvailable || v.channels.includes('sms')) && (c !== 'webhook' || !forRole)).map((c) => ({
            value: c,
            label: t(CHANNEL_KEY[c]),
          }))}
          onChange={(channels) => set({ channels })}
        />
      </div>
      {forRole && (
        <p className="mb-2 text-xs text-slate-500 sm:col-span-2" data-testid="rule-role-note">
          {t('notifications:roleRules.addresses')}
        </p>
      )}
      {!forRole && v.channels.includes('email') && (
        <TextField
          label={t('notifications:field.email')}
          placeholder={t('notifications:field.emailHint')}
          type="email"
          {...field('email')}
          testId="rule-email"
        />
      )}
      {!forRole && v.channels.includes('webhook') && (
        <div className="flex flex-col">
          <TextField label={t('notifications:field.webhookUrl')} placeholder="https://" {...field('webhookUrl')} testId="rule-webhook" inputMode="url" />
          {editing?.hasWebhookSecret && (
            <CheckField
              className="-mt-1 mb-1 text-xs"
              label={t('notifications:field.rotateSecret')}
              checked={v.rotateSecret}
              onChange={(rotateSecret) => set({ rotateSecret })}
              testId="rule-rotate"
            />
          )}
        </div>
      )}
      {!forRole && v.channels.includes('webhook') && (
        <div className="sm:col-span-2">
          <ChoiceGroup
            legend={t('notifications:field.events')}
            testId="rule-events"
            value={v.events}
            error={err('events')}
            choices={EVENTS.map((e) => ({ value: e, label: t(EVENT_KEY[e]) }))}
            onChange={(events) => set({ events })}
          />
        </div>
      )}
      {!forRole && v.channels.includes('sms') && (
        <TextField
          label={t('notifications:field.mobile')}
          placeholder={t('notifications:field.mobileHint')}
          type="tel"
          {...field('mobile')}
          testId="rule-mobile"
          inputMode="tel"
        />
      )}
      <fieldset className="grid min-w-0 grid-cols-2 gap-x-3 sm:col-span-2 sm:grid-cols-[120px_120px_1fr]">
        <legend className={LEGEND}>{t('notifications:field.quietHours')}</legend>
        <TextField label={t('notifications:field.quietFrom')} type="time" {...field('quietFrom')} testId="rule-quiet-from" />
        <TextField label={t('notifications:field.quietTo')} type="time" {...field('quietTo')} testId="rule-quiet-to" />
        <ZoneField className="col-span-2 sm:col-span-1" label={t('notifications:field.zone')} {...field('zone')} testId="rule-zone" listId="rule-zones" />
      </fieldset>
      <fieldset className="flex min-w-0 flex-wrap items-start gap-x-4 sm:col-span-2">
        <legend className={LEGEND}>{t('notifications:field.timing')}</legend>
        <CheckField
          className="mt-2 text-sm"
          label={t('notifications:field.digest')}
          checked={v.digest}
          onChange={(digest) => set({ digest })}
          testId="rule-digest"
        />
        {v.digest && (
          <TextField
            className="w-40"
            label={t('notifications:field.digestMinutes')}
            inputMode="numeric"
            {...field('digestMinutes')}
            testId="rule-digest-minutes"
          />
        )}
      </fieldset>
    </FormDialog>
  );
}
