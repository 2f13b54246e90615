/**
 * The service worker of Herald's web push (`GET /push/herald-sw.js`; the SDK's `enableWebPush` and
 * `<herald-inbox push>` register it). A browser only lets a page register a worker of its own
 * origin: pages on another origin copy this file next to their pages (or import it from their own
 * worker with `importScripts`). It shows each push as a notification (title, body, icon, tag) and
 * opens its `url` when clicked, focusing a tab already on it.
 */
export const SERVICE_WORKER = `// Herald web push service worker (served by the gateway at /push/herald-sw.js).
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch (e) {
    data = { title: 'Notification', body: event.data ? event.data.text() : '' };
  }
  const options = { body: data.body || '', data: { url: data.url || null, notification_id: data.notification_id || null } };
  if (data.icon) options.icon = data.icon;
  if (data.tag) options.tag = data.tag;
  event.waitUntil(self.registration.showNotification(data.title || 'Notification', options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data && event.notification.data.url;
  if (!url) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      for (const tab of tabs) if (tab.url === url && 'focus' in tab) return tab.focus();
      return self.clients.openWindow(url);
    }),
  );
});
`;
