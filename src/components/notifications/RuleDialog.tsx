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
import { fieldMessage, useCheckedSave } from '../../hooks/useCheckedSave';
import { useT } from '../../hooks/useT';
import { AlarmCodeChoice } from './AlarmCodeChoice';
import { ChoiceGroup } from './ChoiceGroup';
import { EnabledField } from './EnabledField';
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
import { choicesOf } from '../../i18n/codeKeys';

const CHANNELS = Object.keys(CHANNEL_KEY) as Channel[];
const EVENTS = Object.keys(EVENT_KEY) as WebhookEvent[];
/** the address fields asked for while their channel is on (the webhook's has more round it) */
const ADDRESS = {
  email: { channel: 'email', label: 'notifications:field.email', hint: 'notifications:field.emailHint', type: 'email', testId: 'rule-email' },
  mobile: { channel: 'sms', label: 'notifications:field.mobile', hint: 'notifications:field.mobileHint', type: 'tel', inputMode: 'tel', testId: 'rule-mobile' },
} as const satisfies Record<string, { channel: Channel; label: TKey; hint: TKey; type: string; inputMode?: 'tel'; testId: string }>;

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
  const set = (p: Partial<RuleValues>) => setV((o) => ({ ...o, ...p }));
  const forRole = roleId !== undefined;
  const saver = useMemo(() => (roleId === undefined ? saveNotificationRule$ : saveRoleNotificationRule$(roleId)), [roleId]);
  const { found, failure, frame } = useCheckedSave(
    saver,
    () => checkRule(v),
    () => toRequest(v, editing?.ruleId ?? null),
    { onSaved, onClose },
  );
  const err = (f: RuleField) => fieldMessage(t, found[f], serverIssue(failure, f));
  /** a text field's value, change and error */
  const field = (k: Exclude<RuleField, 'channels' | 'events' | 'stationIds'>) => ({ ...textOf(v, setV)(k), error: err(k) });
  /** a tick box's state and change */
  const flag = (k: 'rotateSecret' | 'digest') => ({ checked: v[k], onChange: (on: boolean) => set({ [k]: on }) });
  /** a list of tick boxes' ticked values, change and error */
  const choice = <K extends 'channels' | 'events'>(k: K) => ({ value: v[k], error: err(k), onChange: (x: RuleValues[K]) => set({ [k]: x }) });
  const channels = CHANNELS.filter((c) => (c !== 'sms' || smsAvailable || v.channels.includes('sms')) && (c !== 'webhook' || !forRole)).map((c) => ({
    value: c,
    label: t(CHANNEL_KEY[c]),
  }));
  const events = choicesOf(EVENTS, EVENT_KEY, t);
  const address = (f: keyof typeof ADDRESS) => {
    const { channel, label, hint, ...input } = ADDRESS[f];
    return !forRole && v.channels.includes(channel) && <TextField label={t(label)} placeholder={t(hint)} {...input} {...field(f)} />;
  };
  const refused = failure && (failure.fields.length === 0 || unplacedIssues(failure)) ? t('notifications:refused') : null;
  const title = forRole
    ? t(editing ? 'notifications:roleRules.edit' : 'notifications:roleRules.create')
    : t(editing ? 'notifications:rules.edit' : 'notifications:rules.create');

  return (
    <FormDialog {...frame} title={title} width={680} name="rule" error={refused} bodyClassName="grid max-h-[72vh] grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-2">
      <TextField label={t('notifications:field.name')} {...field('name')} testId="rule-name" maxLength={100} />
      <EnabledField value={v.enabled} onChange={(enabled) => set({ enabled })} testId="rule-enabled" />
      <AlarmCodeChoice list="categories" testId="rule-categories" value={v.categories} onChange={(categories) => set({ categories })} />
      <AlarmCodeChoice list="alarmTypes" testId="rule-types" value={v.alarmTypes} onChange={(alarmTypes) => set({ alarmTypes })} />
      <div className="sm:col-span-2">
        <AlarmCodeChoice list="deviceTypes" testId="rule-devices" value={v.deviceTypes} onChange={(deviceTypes) => set({ deviceTypes })} />
      </div>
      <div className="sm:col-span-2">
        <StationChooser stations={stations} value={v.stationIds} onChange={(stationIds) => set({ stationIds })} error={err('stationIds')} />
      </div>
      <div className="sm:col-span-2">
        <ChoiceGroup legend={t('notifications:field.channels')} testId="rule-channels" {...choice('channels')} choices={channels} />
      </div>
      {forRole && (
        <p className="mb-2 text-xs text-slate-500 sm:col-span-2" data-testid="rule-role-note">
          {t('notifications:roleRules.addresses')}
        </p>
      )}
      {address('email')}
      {!forRole && v.channels.includes('webhook') && (
        <div className="flex flex-col">
          <TextField label={t('notifications:field.webhookUrl')} placeholder="https://" {...field('webhookUrl')} testId="rule-webhook" inputMode="url" />
          {editing?.hasWebhookSecret && (
            <CheckField className="-mt-1 mb-1 text-xs" label={t('notifications:field.rotateSecret')} {...flag('rotateSecret')} testId="rule-rotate" />
          )}
        </div>
      )}
      {!forRole && v.channels.includes('webhook') && (
        <div className="sm:col-span-2">
          <ChoiceGroup legend={t('notifications:field.events')} testId="rule-events" {...choice('events')} choices={events} />
        </div>
      )}
      {address('mobile')}
      <fieldset className="grid min-w-0 grid-cols-2 gap-x-3 sm:col-span-2 sm:grid-cols-[120px_120px_1fr]">
        <legend className={LEGEND}>{t('notifications:field.quietHours')}</legend>
        <TextField label={t('notifications:field.quietFrom')} type="time" {...field('quietFrom')} testId="rule-quiet-from" />
        <TextField label={t('notifications:field.quietTo')} type="time" {...field('quietTo')} testId="rule-quiet-to" />
        <ZoneField className="col-span-2 sm:col-span-1" label={t('notifications:field.zone')} {...field('zone')} testId="rule-zone" listId="rule-zones" />
      </fieldset>
      <fieldset className="flex min-w-0 flex-wrap items-start gap-x-4 sm:col-span-2">
        <legend className={LEGEND}>{t('notifications:field.timing')}</legend>
        <CheckField className="mt-2 text-sm" label={t('notifications:field.digest')} {...flag('digest')} testId="rule-digest" />
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
