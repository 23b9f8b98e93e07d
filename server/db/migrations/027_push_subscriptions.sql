-- Web Push (docs/notifications.md, "Web Push"): the browsers each account has subscribed, the
-- server's VAPID key pair when the environment does not give one, and 'push' as a channel of the
-- outbox.

CREATE TABLE push_subscriptions (
  id            bigserial PRIMARY KEY,
  account_id    int NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  -- the push service's URL for this browser; a browser that subscribes again gets a new one
  endpoint      text NOT NULL UNIQUE,
  -- the browser's P-256 public key and auth secret (base64url): messages are encrypted to them
  p256dh        text NOT NULL,
  auth          text NOT NULL,
  user_agent    text,
  created_at    timestamptz NOT NULL,
  last_sent_at  timestamptz
);
CREATE INDEX push_subscriptions_account ON push_subscriptions (account_id);

-- Keys the server makes for itself once and every replica then shares (the first insert wins).
CREATE TABLE server_keys (
  name        text PRIMARY KEY,
  value       jsonb NOT NULL,
  created_at  timestamptz NOT NULL
);

ALTER TABLE notification_deliveries DROP CONSTRAINT notification_deliveries_channel_check;
ALTER TABLE notification_deliveries ADD CONSTRAINT notification_deliveries_channel_check CHECK (channel IN ('email', 'webhook', 'push'));
