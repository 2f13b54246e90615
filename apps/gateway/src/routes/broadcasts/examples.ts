import { broadcastExample } from '../notifications/examples';

export const broadcastListExamples = {
  page: {
    data: {
      broadcasts: [
        { ...broadcastExample, id: 13, status: 'fanning_out', recipients_total: 1250, notifications_created: 600, audience: { list: 'weekly-digest', excluded: 0 } },
        broadcastExample,
      ],
      next_cursor: '12',
    },
  },
};
