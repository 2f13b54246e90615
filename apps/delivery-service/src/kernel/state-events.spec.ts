import { stateEvents } from './outcome-events';
import type { NotificationDoc } from './store/notification-repository';

const at = Date.parse('2026-03-01T09:00:00Z');
const doc = {
  _id: 7,
  project_id: 1,
  recipient_id: 'alice',
  broadcast_id: null,
  target: null,
  payload_json: '{"title":"t"}',
  read: false,
  opened: false,
  seen: true,
  archived: false,
  status: 'delivered',
  email: { status: 'not_requested' },
  email_content: null,
  created_at: new Date(at),
  updated_at: new Date(at),
} as unknown as NotificationDoc;

describe('stateEvents', () => {
  it.each([
    [{ seen: true }, [['n:7:seen:' + at, 'notification.seen']]],
    [{ seen: false }, [['n:7:unseen:' + at, 'notification.unseen']]],
    [{ archived: true }, [['n:7:archived:' + at, 'notification.archived']]],
    [{ archived: false }, [['n:7:unarchived:' + at, 'notification.unarchived']]],
    [{ seen: true, archived: true }, [['n:7:seen:' + at, 'notification.seen'], ['n:7:archived:' + at, 'notification.archived']]],
    [{}, []],
  ])('when %j changed, then the events (id carrying the change time, type) are %j', (change, expected) => {
    const events = stateEvents(doc, change, at);
    expect(events.map((e) => [e.id, e.type])).toEqual(expected);
    for (const e of events) expect(e).toMatchObject({ projectId: 1, recipientId: 'alice', at: new Date(at), notification: { id: 7 } });
  });
});
