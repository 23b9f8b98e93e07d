-- SMS through an HTTP gateway (docs/notifications.md, "SMS"): a rule may name the mobile number
-- its texts go to (else the account's own `mobile`), and 'sms' becomes a channel of the outbox.

ALTER TABLE notification_rules ADD COLUMN mobile text;

ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_channel_check;
ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'webhook', 'push', 'sms'));
