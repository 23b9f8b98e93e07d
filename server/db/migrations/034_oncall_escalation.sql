-- Escalation through on-call schedules (docs/notifications.md, "Escalation"): an organisation's
-- schedules, the tiers already planned for an alarm, and 'escalated' as a kind of delivery.

-- Tiers and their shifts are one JSONB value validated by the same zod schema as the action
-- (protocol/actions/oncall.ts): a schedule is read and saved whole (at most 5 tiers of a few
-- shifts), never queried by a shift's field, so one row keeps a save atomic and what was saved
-- is what is read back, with no child rows to diff.
CREATE TABLE oncall_schedules (
  id           bigserial PRIMARY KEY,
  org_id       int NOT NULL REFERENCES orgs(id) ON DELETE CASCADE,
  name         text NOT NULL,
  zone         text NOT NULL,
  -- empty: every station of the organisation, as below
  station_ids  int[] NOT NULL DEFAULT '{}',
  -- the organisation's stations: a provider's (provider_id), a customer's (customer_id), or all (both null: the platform)
  provider_id  int,
  customer_id  int,
  -- empty: every category
  categories   text[] NOT NULL DEFAULT '{}',
  enabled      boolean NOT NULL DEFAULT true,
  tiers        jsonb NOT NULL,
  locale       text NOT NULL DEFAULT 'zh_CN',
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL
);
CREATE INDEX oncall_schedules_org ON oncall_schedules (org_id);

-- A tier of a schedule planned for an alarm: written in the transaction that stores its
-- deliveries, so a sweep (on any replica) plans each tier once and the next sweep skips it.
CREATE TABLE oncall_escalations (
  alarm_id     bigint NOT NULL,
  schedule_id  bigint NOT NULL REFERENCES oncall_schedules(id) ON DELETE CASCADE,
  tier         smallint NOT NULL,
  planned_at   timestamptz NOT NULL,
  -- how many deliveries it made (0: nobody on shift, or the alarm was storm-suppressed)
  deliveries   int NOT NULL DEFAULT 0,
  PRIMARY KEY (alarm_id, schedule_id, tier)
);

ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_kind_check;
ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_kind_check
  CHECK (kind IN ('raised', 'cleared', 'acked', 'digest', 'test', 'escalated'));
