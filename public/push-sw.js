// The console's push service worker (docs/notifications.md, "Web Push"): it shows each alarm the
// server pushes, even with no console open, and a click opens (or focuses) the console there. A
// message's tag is its alarm's, so a clearing replaces the raise on screen instead of adding one.
self.addEventListener('push', (event) => {
  let m = {};
  try {
    m = event.data ? event.data.json() : {};
  } catch {
    m = { title: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(m.title || 'EMS', {
      body: m.body || '',
      tag: m.tag,
      // a new raise sounds again; a clearing replaces its raise quietly
      renotify: Boolean(m.tag) && m.type === 'alarm.raised',
      icon: '/favicon.svg',
      data: { path: m.path || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.path || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((w) => (w || open).focus());
      return self.clients.openWindow(url);
    }),
  );
});
