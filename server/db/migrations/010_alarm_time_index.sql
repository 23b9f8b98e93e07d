-- Lists across all providers (platform accounts without an orgId) sort by time: index it.
CREATE INDEX alarms_time ON alarms(happen_time DESC, id DESC);
